import { describe, expect, it } from 'vitest';
import { choicesFor, labelledChoices } from './choices';

describe('labelledChoices', () => {
  it('labels each value as the labels name it, in the order of the values', () => {
    const labels = { mpg: 'miles per US gallon', kmpl: 'km per litre' };
    expect(labelledChoices(['kmpl', 'mpg'], labels)).toEqual([
      { value: 'kmpl', label: 'km per litre' },
      { value: 'mpg', label: 'miles per US gallon' },
    ]);
  });
});

describe('choicesFor', () => {
  const scales = ['Celsius', 'Fahrenheit', 'Kelvin'];
  const units = [
    { value: 'B', label: 'B (Bytes)' },
    { value: 'KB', label: 'KB (Kilobytes)' },
  ];

  it('keeps the options as they are when the value is one of them', () => {
    expect(choicesFor(scales, 'Kelvin')).toBe(scales);
    expect(choicesFor(units, 'KB')).toBe(units);
  });

  it('puts a blank, disabled choice holding an unlisted value first', () => {
    expect(choicesFor(scales, 'Rankine')).toEqual([
      { value: 'Rankine', label: '', disabled: true },
      ...scales,
    ]);
    expect(choicesFor(units, '')).toEqual([{ value: '', label: '', disabled: true }, ...units]);
  });
});
