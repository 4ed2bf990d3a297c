import { describe, expect, it } from 'vitest';
import { countText, EXACT_COUNT_LIMIT } from './wire';

describe('countText', () => {
  it('shows an estimated count as "10,000+" and an exact one as its number', () => {
    expect(countText({ count: 123_456, count_is_estimate: true })).toBe('10,000+');
    expect(countText({ count: EXACT_COUNT_LIMIT })).toBe('10,000');
    expect(countText({ count: 7 })).toBe('7');
  });
});
