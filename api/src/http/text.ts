/**
 * Text fields as every form of the API checks them: a string, trimmed (unless told not to),
 * no NUL character (PostgreSQL cannot store one), required or not, at most `max` characters,
 * counted the way PostgreSQL's varchar counts them (code points, not UTF-16 units).
 */
import * as v from 'valibot';

export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

export interface TextFieldOptions {
  required?: boolean;
  /** Default true. */
  trim?: boolean;
  /** The message for a missing or blank value (default `<label> is required.`). */
  requiredMessage?: string;
}

export function textField(
  label: string,
  max: number,
  { required = false, trim = true, requiredMessage = `${label} is required.` }: TextFieldOptions = {},
) {
  return v.pipe(
    v.string(required ? requiredMessage : `${label} must be text.`),
    v.transform((text) => (trim ? text.trim() : text)),
    v.check((text) => !text.includes('\0'), `${label} must not contain NUL characters.`),
    v.check((text) => !required || text.length > 0, requiredMessage),
    v.check((text) => codePointLength(text) <= max, `${label} must be at most ${max} characters.`),
  );
}
