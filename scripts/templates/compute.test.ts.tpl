import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute } from './compute';

describe('__SLUG__ compute', () => {
  it('squares a number given as text', () => {
    expect(expectOk(compute({ value: ' 1.5 ' }))).toEqual({ value: 2.25, text: 'Result: 2.25' });
  });

  it.each([[''], ['abc'], [null]])('refuses %j with the tool message', (value) => {
    expect(expectError(compute({ value }))).toBe('Please enter a valid number');
  });
});
