/**
 * A profile's form, as the profile administration's Add/Edit modal and a person's own details page
 * fill it: its values from a profile, the required fields, the body sent, the server's field errors.
 */
import { ApiError, type Profile, ROLES, type Role } from '@toolbox/sdk';

export interface ProfileFormValues {
  full_name: string;
  username: string;
  email: string;
  password: string;
  phone_number: string;
  address: string;
  role: Role;
}

export type FormField = keyof ProfileFormValues;
export type FormErrors = Partial<Record<FormField, string>>;

export const FORM_FIELDS: readonly FormField[] = [
  'full_name',
  'username',
  'email',
  'password',
  'phone_number',
  'address',
  'role',
];

export const ROLE_OPTIONS: readonly Role[] = ROLES;

/** The spec's required fields and messages (section 5); role, address and password are not checked. */
const REQUIRED: readonly [FormField, string][] = [
  ['full_name', 'Full name is required'],
  ['phone_number', 'Phone number is required'],
  ['username', 'Username is required'],
  ['email', 'Email is required'],
];

export const EMPTY_FORM: ProfileFormValues = {
  full_name: '',
  username: '',
  email: '',
  password: '',
  phone_number: '',
  address: '',
  role: 'member',
};

/** Edit mode starts from the row's values and a blank password. */
export function formFromProfile(profile: Profile): ProfileFormValues {
  return {
    full_name: profile.full_name ?? '',
    username: profile.user?.username ?? '',
    email: profile.user?.email ?? '',
    password: '',
    phone_number: profile.phone_number ?? '',
    address: profile.address ?? '',
    role: profile.role,
  };
}

/** The required-field messages for blank (after trimming) fields; empty when the form may be sent. */
export function validateProfileForm(values: ProfileFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [field, message] of REQUIRED) {
    if (!values[field].trim()) errors[field] = message;
  }
  return errors;
}

/**
 * What a form sends: `add` and `edit` (an admin's) every field; `own` (a person's own details)
 * neither the username nor the role, which that page shows but does not change (a role a person
 * sent back unchanged would be refused once an admin had changed it meanwhile).
 */
export type PayloadMode = 'add' | 'edit' | 'own';

/**
 * The flat body of POST, PUT and PATCH (docs/api.md). Texts are trimmed, except the password, which
 * is sent as typed; a blank password is left out when editing, so the old one is kept.
 */
export function toPayload(values: ProfileFormValues, mode: PayloadMode): Record<string, string> {
  const payload: Record<string, string> = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    address: values.address.trim(),
  };
  if (mode !== 'own') {
    payload.username = values.username.trim();
    payload.role = values.role;
  }
  if (mode === 'add' || values.password !== '') payload.password = values.password;
  return payload;
}

/**
 * Splits a failed save into messages under the inputs (the API's `{ field: [messages] }` of a 400)
 * and the rest: messages of fields the form does not have, or the `{ error }` of another status.
 */
export function saveErrors(error: unknown): { fields: FormErrors; other: string[] } {
  const fields: FormErrors = {};
  const other: string[] = [];
  if (error instanceof ApiError) {
    const map = error.fieldErrors;
    for (const [key, messages] of Object.entries(map)) {
      const text = messages.join(' ');
      if ((FORM_FIELDS as readonly string[]).includes(key)) fields[key as FormField] = text;
      else other.push(text);
    }
    if (Object.keys(map).length === 0) other.push(error.message);
  } else if (error instanceof Error) {
    other.push(error.message);
  }
  return { fields, other };
}
