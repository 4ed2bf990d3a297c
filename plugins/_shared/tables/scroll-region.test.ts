import { describe, expect, it } from 'vitest';
import { scrollRegionProps } from './scroll-region';

describe('scrollRegionProps', () => {
  it('makes the scroll area a focusable region with the given name', () => {
    expect(scrollRegionProps('Profiles')).toEqual({ tabIndex: 0, role: 'region', 'aria-label': 'Profiles' });
  });
});
