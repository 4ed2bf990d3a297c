import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { numeric, requiredText, validate } from './schema';

const schema = v.object({
  amount: v.pipe(numeric('Enter a number'), v.minValue(0, 'Not negative')),
  unit: requiredText('Pick a unit'),
});

describe('validate', () => {
  it('accepts raw form values and outputs numbers', () => {
    expect(validate(schema, { amount: ' 2.5 ', unit: ' m ' })).toEqual({
      ok: true,
      value: { amount: 2.5, unit: 'm' },
    });
  });
  it('reports the first issue in field order', () => {
    expect(validate(schema, { amount: '', unit: '' })).toEqual({ ok: false, error: 'Enter a number' });
    expect(validate(schema, { amount: '-1', unit: 'm' })).toEqual({ ok: false, error: 'Not negative' });
    expect(validate(schema, { amount: 1, unit: '  ' })).toEqual({ ok: false, error: 'Pick a unit' });
  });
  it('gives a missing field its own message, not a generic one', () => {
    expect(validate(schema, { unit: 'm' })).toEqual({ ok: false, error: 'Enter a number' });
    expect(validate(schema, { amount: 2 })).toEqual({ ok: false, error: 'Pick a unit' });
  });
  it('rejects a missing object', () => {
    expect(validate(schema, undefined).ok).toBe(false);
  });
});
