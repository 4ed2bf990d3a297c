/**
 * Text fields as every form of the API checks them: a string, trimmed (unless told not to), no
 * NUL character (PostgreSQL cannot store one) nor half of a surrogate pair, required or not, at
 * most `max` characters, counted the way PostgreSQL's varchar counts them (code points, not UTF-16
 * units). The messages are the SDK's FIELD_MESSAGES, the same for every field of every form.
 */
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import * as v from 'valibot';

const LONE_SURROGATE = /\p{Cs}/u;

export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

export interface TextFieldOptions {
  required?: boolean;
  /** Default true. */
  trim?: boolean;
  /** The message for a missing or blank value, when the product words it its own way (default `This field is required.`). */
  requiredMessage?: string;
}

/**
 * What any stored text must not hold: a NUL character (PostgreSQL cannot store one), nor half of a
 * UTF-16 pair (`"\ud800"` in JSON), which would become U+FFFD unseen (and make two passwords one).
 */
export const storableText = [
  v.check((text: string) => !text.includes('\0'), FIELD_MESSAGES.nullCharacter),
  v.check((text: string) => !LONE_SURROGATE.test(text), FIELD_MESSAGES.loneSurrogate),
] as const;

/** At most `max` characters, counted as PostgreSQL's varchar counts them (an emoji is one). */
export const atMostCharacters = (max: number) =>
  v.check((text: string) => codePointLength(text) <= max, FIELD_MESSAGES.tooLong(max));

export function textField(
  max: number,
  { required = false, trim = true, requiredMessage = FIELD_MESSAGES.required }: TextFieldOptions = {},
) {
  return v.pipe(
    // A missing field is not there; a number or a list is there but not text.
    v.string((issue) => (required && issue.input == null ? requiredMessage : FIELD_MESSAGES.notText)),
    v.transform((text) => (trim ? text.trim() : text)),
    ...storableText,
    v.check((text) => !required || text.length > 0, requiredMessage),
    atMostCharacters(max),
  );
}
