import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { numeric, refusal, requiredText, validate } from './schema';

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
  it('reports the first issue in field order, naming its field', () => {
    expect(validate(schema, { amount: '', unit: '' })).toEqual({
      ok: false,
      error: 'Enter a number',
      field: 'amount',
    });
    expect(validate(schema, { amount: '-1', unit: 'm' })).toEqual({
      ok: false,
      error: 'Not negative',
      field: 'amount',
    });
    expect(validate(schema, { amount: 1, unit: '  ' })).toEqual({
      ok: false,
      error: 'Pick a unit',
      field: 'unit',
    });
  });
  it('gives a missing field its own message, not a generic one', () => {
    expect(validate(schema, { unit: 'm' })).toEqual({ ok: false, error: 'Enter a number', field: 'amount' });
    expect(validate(schema, { amount: 2 })).toEqual({ ok: false, error: 'Pick a unit', field: 'unit' });
  });
  it('names the field of the first issue, even when its message speaks of several; none for the whole input', () => {
    const both = 'Please enter valid numbers for both fields.';
    const pair = v.pipe(
      v.object({ base: numeric(both), percentage: numeric(both) }),
      v.check(({ base, percentage }) => base < percentage, 'Base below percentage'),
    );
    expect(validate(pair, { base: 1, percentage: 'x' })).toEqual({
      ok: false,
      error: both,
      field: 'percentage',
    });
    expect(validate(pair, { base: 'x', percentage: 'y' })).toEqual({ ok: false, error: both, field: 'base' });
    expect(validate(pair, { base: 2, percentage: 1 })).toEqual({ ok: false, error: 'Base below percentage' });
  });
  it('names the field of a variant’s option', () => {
    const variant = v.variant('kind', [
      v.object({ kind: v.literal('a'), size: v.pipe(numeric('Size'), v.gtValue(0, 'Size')) }),
      v.object({ kind: v.literal('b'), size: numeric('Size'), other: numeric('Other') }),
    ]);
    const parsed = v.safeParse(variant, { kind: 'a', size: '0' });
    expect(parsed.success).toBe(false);
    expect(refusal(parsed.issues ?? [])).toEqual({ ok: false, error: 'Size', field: 'size' });
    expect(refusal([], 'Fallback')).toEqual({ ok: false, error: 'Fallback' });
  });
  it('rejects a missing object', () => {
    expect(validate(schema, undefined).ok).toBe(false);
  });
});
