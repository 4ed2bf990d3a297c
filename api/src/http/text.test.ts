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
    expect(v.parse(textField('Title', 5), '  ab  ')).toBe('ab');
    expect(v.parse(textField('Body', 10, { trim: false }), '  ab  ')).toBe('  ab  ');
  });

  it('requires a value when told to, with one message', () => {
    const field = textField('Title', 5, { required: true });
    expect(messages(field, '   ')).toEqual(['Title is required.']);
    expect(messages(field, undefined)).toEqual(['Title is required.']);
    expect(messages(textField('Note', 5), '')).toEqual([]);
  });

  it('refuses NUL characters, long text and other types', () => {
    const field = textField('Title', 3);
    expect(messages(field, 'a\0')).toEqual(['Title must not contain NUL characters.']);
    expect(messages(field, 'abcd')).toEqual(['Title must be at most 3 characters.']);
    expect(messages(field, '😀😀😀')).toEqual([]);
    expect(messages(field, 42)).toEqual(['Title must be text.']);
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
