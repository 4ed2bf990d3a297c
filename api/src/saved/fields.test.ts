import { SAVED_INPUT_MAX_BYTES } from '@toolbox/sdk/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  foldSlugs,
  inputField,
  isWellFormedJson,
  jsonByteLength,
  savedSchemas,
} from './fields';
import { mergeSlugs } from './store';

describe('canonicalJson', () => {
  it('is the same text whatever order the keys came in, at every depth', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'é' } };
    const b = { a: { c: 'é', d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"é","d":[1,{"x":1,"y":2}]},"b":1}');
  });

  it('tells different values apart, arrays keeping their order', () => {
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({}));
    expect(canonicalJson({ a: undefined })).toBe(canonicalJson({}));
    // As deep as an input of 8 KB can be.
    const deep = (inner: string) => JSON.parse(`${'['.repeat(4000)}${inner}${']'.repeat(4000)}`);
    expect(canonicalJson(deep('{"b":1,"a":2}'))).toBe(canonicalJson(deep('{"a":2,"b":1}')));
  });
});

describe('the input field', () => {
  const messages = (input: unknown) =>
    v.safeParse(inputField, input).issues?.map((issue) => issue.message) ?? [];

  it('takes an object up to the largest size in UTF-8 bytes', () => {
    const room = SAVED_INPUT_MAX_BYTES - jsonByteLength({ v: '' });
    expect(messages({ v: 'x'.repeat(room) })).toEqual([]);
    expect(messages({ v: 'x'.repeat(room + 1) })).toHaveLength(1);
    // Two bytes a character: half as many fit.
    expect(messages({ v: 'é'.repeat(room / 2) })).toEqual([]);
    expect(messages({ v: 'é'.repeat(room / 2 + 1) })).toHaveLength(1);
  });

  it('keeps every key as sent, those valibot would drop from a record too', () => {
    const input = JSON.parse('{"__proto__":{"polluted":true},"constructor":"c","prototype":1,"weight":"70"}');
    const parsed = v.parse(inputField, input);
    expect(Object.keys(parsed).sort()).toEqual(['__proto__', 'constructor', 'prototype', 'weight']);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(input));
  });

  it('refuses arrays, text, null and lone surrogates', () => {
    for (const input of [[], 'a', null, 3, undefined]) expect(messages(input)).toHaveLength(1);
    expect(isWellFormedJson({ a: ['\ud83d\ude00'] })).toBe(true);
    expect(isWellFormedJson({ a: ['\ud83d'] })).toBe(false);
    expect(isWellFormedJson({ '\ude00': 1 })).toBe(false);
    // A backslash followed by the letters of an escape is text like any other.
    expect(isWellFormedJson({ a: '\\ud800', b: '\\\\ud800' })).toBe(true);
    expect(isWellFormedJson({ a: '\\\ud800' })).toBe(false);
    expect(messages({ a: 'x\udc00' })).toHaveLength(1);
  });
});

describe('lists of slugs', () => {
  it('keeps the first place of a repeated slug', () => {
    expect(foldSlugs(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it("merges the browser's new slugs after the account's, cut to what the list keeps", () => {
    expect(mergeSlugs(['a', 'b'], ['c', 'b', 'd', 'c'], Number.POSITIVE_INFINITY)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(mergeSlugs(['a', 'b'], ['c', 'd'], 3)).toEqual(['a', 'b', 'c']);
    expect(mergeSlugs([], ['c', 'c'], 8)).toEqual(['c']);
  });

  it('checks each slug against the registry, naming the unknown one', () => {
    const { ToolList } = savedSchemas((slug) => slug === 'known');
    expect(v.parse(ToolList, [' known ', 'known'])).toEqual(['known']);
    const issues = v.safeParse(ToolList, ['known', 'x'.repeat(500)]).issues ?? [];
    expect(issues.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['1', `Unknown tool: ${'x'.repeat(100)}.`],
    ]);
    // Cut by characters, half of a surrogate pair shown as the replacement character.
    const odd = v.safeParse(ToolList, ['🙂'.repeat(150), 'a\ud800b']).issues ?? [];
    expect(odd.map((issue) => issue.message)).toEqual([
      `Unknown tool: ${'🙂'.repeat(100)}.`,
      'Unknown tool: a\ufffdb.',
    ]);
  });
});
