import { matchesTool } from '@toolbox/sdk';
import { describe, expect, it } from 'vitest';
import manifest from './manifest';

describe('unit converter in the tool search', () => {
  it('is found by the abbreviations people type', () => {
    for (const query of ['kg', 'kg lb', 'ft', 'km mi', 'oz', 'gal']) {
      expect(matchesTool(manifest, query, manifest.keywords), query).toBe(true);
    }
  });
});
