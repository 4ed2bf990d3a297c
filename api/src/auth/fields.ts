/**
 * Account and profile field rules (docs/api.md, Profiles) as valibot schemas, and their messages. Every
 * text field reads a missing or null value as '' and trims it (passwords are never trimmed), so
 * "required" means "not blank". Each field reports its first problem only.
 */
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import * as v from 'valibot';
import { LIMITS, ROLES, type Role } from '../db/schema';
import { atMostCharacters, codePointLength, storableText } from '../http/text';
import { isCommonPassword } from './common-passwords';

export const MESSAGES = {
  ...FIELD_MESSAGES,
  username: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  email: 'Enter a valid email address.',
  role: `Select a valid role: ${ROLES.join(', ')}.`,
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  passwordTooShort: (min: number) =>
    `This password is too short. It must contain at least ${min} characters.`,
  commonPassword:
    'This password is too common: it is among the 10 000 most used passwords. Choose another one.',
} as const;

export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;
/** Longer passphrases are refused: hashing is the costly step of a request that anyone may send. */
export const PASSWORD_MAX_LENGTH = 256;
/** Letters and digits of any script, and @ . + - _ (Django's username rule). */
export const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N}@.+\-_]+$/u;

/** Missing or null reads as ''. */
const textInput = v.optional(v.nullable(v.string(MESSAGES.notText)), '');
const toText = (trim: boolean) =>
  v.transform((value: string | null): string => (trim ? (value ?? '').trim() : (value ?? '')));
const firstProblemOnly = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true });

/**
 * A username in one Unicode form (NFC): "josé" typed with é as one character or as e and an accent
 * is one name, on sign-up, on login and in the unique index alike.
 */
export const oneUnicodeForm = v.transform((value: string) => value.normalize('NFC'));

export const usernameField = firstProblemOnly(
  v.pipe(
    textInput,
    toText(true),
    oneUnicodeForm,
    v.nonEmpty(MESSAGES.required),
    ...storableText,
    v.minLength(USERNAME_MIN_LENGTH, MESSAGES.tooShort(USERNAME_MIN_LENGTH)),
    atMostCharacters(LIMITS.username),
    v.regex(USERNAME_PATTERN, MESSAGES.username),
  ),
);

export const emailField = firstProblemOnly(
  v.pipe(
    textInput,
    toText(true),
    v.nonEmpty(MESSAGES.required),
    ...storableText,
    atMostCharacters(LIMITS.email),
    v.email(MESSAGES.email),
  ),
);

/**
 * A password's own rules: its length in characters (code points: an emoji is one character, not
 * two UTF-16 units) and not one of the most common passwords.
 */
const passwordRules = [
  ...storableText,
  v.check(
    (value: string) => codePointLength(value) >= PASSWORD_MIN_LENGTH,
    MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH),
  ),
  v.check(
    (value: string) => codePointLength(value) <= PASSWORD_MAX_LENGTH,
    MESSAGES.tooLong(PASSWORD_MAX_LENGTH),
  ),
  v.check((value: string) => !isCommonPassword(value), MESSAGES.commonPassword),
] as const;
const passwordRulesSchema = v.config(v.pipe(v.string(), ...passwordRules), { abortPipeEarly: true });

/** A required password; whitespace only counts as blank. Not trimmed. */
export const passwordField = firstProblemOnly(
  v.pipe(
    textInput,
    toText(false),
    v.check((value) => value.trim() !== '', MESSAGES.required),
    ...passwordRules,
  ),
);

/** On update: blank (or whitespace only) means "keep the old password", read as undefined. */
export const optionalPasswordField = firstProblemOnly(
  v.pipe(
    textInput,
    toText(false),
    v.transform((value): string | undefined => (value.trim() === '' ? undefined : value)),
    v.check(
      (value) => value === undefined || v.is(passwordRulesSchema, value),
      (issue) => problemWith(passwordRulesSchema, issue.input) ?? MESSAGES.required,
    ),
  ),
);

const requiredText = (max: number) =>
  firstProblemOnly(
    v.pipe(textInput, toText(true), v.nonEmpty(MESSAGES.required), ...storableText, atMostCharacters(max)),
  );

const optionalText = (max: number) =>
  firstProblemOnly(v.pipe(textInput, toText(true), ...storableText, atMostCharacters(max)));

export const fullNameField = requiredText(LIMITS.fullName);
export const phoneNumberField = requiredText(LIMITS.phoneNumber);
export const addressField = optionalText(LIMITS.address);

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** A role, or undefined when absent, null or blank (the caller decides what that means). */
export const roleField = firstProblemOnly(
  v.pipe(
    v.optional(v.nullable(v.string(MESSAGES.role))),
    v.transform((value) => value?.trim() || undefined),
    v.check((value) => value === undefined || isRole(value), MESSAGES.role),
    v.transform((value) => value as Role | undefined),
  ),
);

/** Plain validation outside HTTP (the admin command line, the environment): the first message, or null. */
export function problemWith(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'Invalid value.');
}
