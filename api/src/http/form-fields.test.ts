import { describe, expect, it } from 'vitest';
import { hasTooManyFormFields, MAX_FORM_FIELDS } from './text-input';

const encode = (text: string) => new TextEncoder().encode(text);

function multipart(parts: number, boundary: string): Uint8Array {
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n\r\n`;
  return encode(`${part.repeat(parts)}--${boundary}--\r\n`);
}

describe('hasTooManyFormFields', () => {
  it('counts the parts of a multipart form, its boundary quoted or not', () => {
    for (const contentType of ['multipart/form-data; boundary=abc', 'Multipart/Form-Data; boundary="abc"']) {
      expect(hasTooManyFormFields(multipart(MAX_FORM_FIELDS, 'abc'), contentType)).toBe(false);
      expect(hasTooManyFormFields(multipart(MAX_FORM_FIELDS + 1, 'abc'), contentType)).toBe(true);
      expect(hasTooManyFormFields(multipart(200_000, 'abc'), contentType)).toBe(true);
    }
  });

  it('counts the pairs of a URL-encoded form', () => {
    const pairs = (count: number) =>
      encode(Array.from({ length: count }, (_, index) => `k${index}=v`).join('&'));
    const contentType = 'application/x-www-form-urlencoded';
    expect(hasTooManyFormFields(pairs(MAX_FORM_FIELDS), contentType)).toBe(false);
    expect(hasTooManyFormFields(pairs(MAX_FORM_FIELDS + 1), contentType)).toBe(true);
    expect(hasTooManyFormFields(encode(''), contentType)).toBe(false);
  });

  it('leaves a multipart body without a boundary to the parser, which refuses it', () => {
    expect(hasTooManyFormFields(multipart(MAX_FORM_FIELDS + 1, 'abc'), 'multipart/form-data')).toBe(false);
  });
});
