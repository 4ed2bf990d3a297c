import { describe, expect, it } from 'vitest';
import { PROFILES_PATH, profilePath } from './paths';

describe('profilePath', () => {
  it("is the list's path and the id, with the closing slash the API routes take", () => {
    expect(PROFILES_PATH).toBe('/api/profiles/');
    expect(profilePath(42)).toBe('/api/profiles/42/');
  });
});
