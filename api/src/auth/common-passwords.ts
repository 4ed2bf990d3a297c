/**
 * The most common passwords, refused at sign-up and on every password change: the first 10 000 of
 * the ranked list in `@zxcvbn-ts/language-common` (MIT; gathered from public password leaks), kept
 * in lower case and compared case-insensitively, so `Password` is refused as well as `password`.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}
