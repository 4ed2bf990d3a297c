import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseId } from './ids';
import { codePointLength, textField } from './text';

describe('codePointLength', () => {
  it('counts characters as PostgreSQL does', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
  });
});

describe('textField', () => {
  const messages = (schema: v.GenericSchema, input: unknown) =>
    v.safeParse(schema, input).issues?.map((issue) => issue.message) ?? [];

  it('trims, and keeps the text when told not to', () => {
    expect(v.parse(textField(5), '  ab  ')).toBe('ab');
    expect(v.parse(textField(10, { trim: false }), '  ab  ')).toBe('  ab  ');
  });

  it('requires a value when told to, with one message', () => {
    const field = textField(5, { required: true });
    expect(messages(field, '   ')).toEqual(['This field is required.']);
    expect(messages(field, undefined)).toEqual([FIELD_MESSAGES.required]);
    expect(messages(textField(5, { required: true, requiredMessage: 'Say something.' }), '')).toEqual([
      'Say something.',
    ]);
    expect(messages(textField(5), '')).toEqual([]);
  });

  it('refuses NUL characters, halves of surrogate pairs, long text and other types', () => {
    const field = textField(3);
    expect(messages(field, 'a\0')).toEqual(['Null characters are not allowed.']);
    expect(messages(field, 'a\ud800')).toEqual(['Lone surrogate characters are not allowed.']);
    expect(messages(field, '\udc00b')).toEqual(['Lone surrogate characters are not allowed.']);
    expect(messages(field, 'abcd')).toEqual(['Ensure this field has no more than 3 characters.']);
    expect(messages(field, '😀😀😀')).toEqual([]);
    expect(messages(field, 42)).toEqual(['Not a valid string.']);
  });
});

describe('parseId', () => {
  it('answers whole numbers that fit an integer column, else null', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const value of [undefined, '', '0', '-1', '1.5', 'abc', '2147483648', '99999999999', ' 1']) {
      expect(parseId(value), String(value)).toBeNull();
    }
  });
});
