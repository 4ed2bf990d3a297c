/**
 * A signed-in person's own details (/account): which profile is theirs, what the page checks before
 * saving, and what a refused save says. The form itself (values, body, the server's field errors)
 * is the profile form's (`../_shared/profiles/form.ts`).
 */
import { type ApiClient, ME_PATH, type Profile, type SessionUser, withReason } from '@toolbox/sdk';
import { type FormErrors, type FormField, saveErrors, validateProfileForm } from '../_shared/profiles/form';
import { profilePath } from '../_shared/profiles/paths';

export const DETAILS_SAVED = 'Your details are saved.';
export const DETAILS_NOT_SAVED = 'Your details are not saved.';
export const CHECK_THE_FIELDS = `${DETAILS_NOT_SAVED} Please check the fields marked.`;
export const DETAILS_LOAD_FAILED = 'Your details could not be loaded.';
export const NO_PROFILE = 'This account has no profile details to show.';

/** The fields a person changes on their own page, in the form's order (the first refused is focused). */
export type OwnField = Extract<FormField, 'full_name' | 'email' | 'phone_number' | 'address' | 'password'>;
export const OWN_FIELDS: readonly OwnField[] = ['full_name', 'email', 'phone_number', 'address', 'password'];

const isOwnField = (field: string): field is OwnField => (OWN_FIELDS as readonly string[]).includes(field);

/**
 * The signed-in user's own profile, or null when they have none. Its id comes with the session's
 * user; a user stored before the API sent it is read again first (`GET /api/me/`).
 */
export async function readOwnProfile(
  api: Pick<ApiClient, 'get'>,
  user: SessionUser,
  signal?: AbortSignal,
): Promise<Profile | null> {
  const id =
    user.profile_id !== undefined
      ? user.profile_id
      : (await api.get<SessionUser>(ME_PATH, undefined, signal)).profile_id;
  if (id === null || id === undefined) return null;
  return api.get<Profile>(profilePath(id), undefined, signal);
}

/** The profile form's required-field messages, for the fields this page has (blank after trimming). */
export function blankOwnFields(values: Parameters<typeof validateProfileForm>[0]): FormErrors {
  const blank = validateProfileForm(values);
  return Object.fromEntries(Object.entries(blank).filter(([field]) => isOwnField(field)));
}

export interface OwnDetailsFailure {
  /** The alert's text. */
  message: string;
  /** The server's messages under the page's own fields. */
  fields: FormErrors;
}

/**
 * What a refused save says: the server's messages under the fields it named, with a message asking
 * to check them (and whatever else it said); otherwise why it was not saved (offline, a role
 * refused), as the API client gives the reason.
 */
export function ownDetailsFailure(error: unknown): OwnDetailsFailure {
  const { fields: named, other } = saveErrors(error);
  const fields: FormErrors = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(named)) {
    if (isOwnField(field)) fields[field] = message;
    else if (message) elsewhere.push(message);
  }
  if (Object.keys(fields).length === 0) return { message: withReason(DETAILS_NOT_SAVED, error), fields };
  return { message: [CHECK_THE_FIELDS, ...elsewhere, ...other].join(' '), fields };
}

/** The first field of the page, in its order, that `errors` names. */
export function firstRefused(errors: FormErrors): OwnField | undefined {
  return OWN_FIELDS.find((field) => errors[field]);
}
