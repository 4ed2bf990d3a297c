/**
 * What the profile routes accept (docs/api.md, Profiles), as valibot schemas: the list's query and the
 * bodies of creation, sign-up, PUT and PATCH. The fields and their messages are the accounts'
 * (auth/fields.ts), shared with sign-up and `npm run admin`.
 */
import { SEARCH_MAX } from '@toolbox/sdk/wire';
import * as v from 'valibot';
import {
  addressField,
  emailField,
  fullNameField,
  optionalPasswordField,
  passwordField,
  phoneNumberField,
  roleField,
  usernameField,
} from '../auth/fields';
import { pageQuery } from '../http/pagination';
import { atMostCharacters, storableText } from '../http/text';
import { NOT_AN_OBJECT } from '../http/text-input';

export const ProfileListQuery = v.object({
  ...pageQuery,
  search: v.optional(
    v.pipe(v.string('Search must be given once.'), v.trim(), ...storableText, atMostCharacters(SEARCH_MAX)),
    '',
  ),
});

const profileEntries = {
  username: usernameField,
  email: emailField,
  password: passwordField,
  full_name: fullNameField,
  phone_number: phoneNumberField,
  address: addressField,
  role: roleField,
};

/** POST by an admin: the role is theirs to choose (member when absent). */
export const CreateBody = v.object(profileEntries, NOT_AN_OBJECT);
/** POST by anyone else (sign-up): whatever `role` says is ignored; the account is a member. */
export const SignUpBody = v.object({ ...profileEntries, role: v.optional(v.unknown()) }, NOT_AN_OBJECT);
/** PUT: every field as on creation, except that a blank password and an absent role keep theirs. */
export const PutBody = v.object({ ...profileEntries, password: optionalPasswordField }, NOT_AN_OBJECT);
/** PATCH: only the fields sent change. */
export const PatchBody = v.partial(PutBody);

export type UpdateInput = v.InferOutput<typeof PatchBody>;
