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

export function textField(
  max: number,
  { required = false, trim = true, requiredMessage = FIELD_MESSAGES.required }: TextFieldOptions = {},
) {
  return v.pipe(
    v.string(required ? requiredMessage : FIELD_MESSAGES.notText),
    v.transform((text) => (trim ? text.trim() : text)),
    v.check((text) => !text.includes('\0'), FIELD_MESSAGES.nullCharacter),
    // Half of a UTF-16 pair (`"\ud800"` in JSON) cannot be stored: it would become U+FFFD unseen.
    v.check((text) => !LONE_SURROGATE.test(text), FIELD_MESSAGES.loneSurrogate),
    v.check((text) => !required || text.length > 0, requiredMessage),
    v.check((text) => codePointLength(text) <= max, FIELD_MESSAGES.tooLong(max)),
  );
}
