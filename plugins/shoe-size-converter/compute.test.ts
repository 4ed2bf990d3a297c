import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute } from './compute';
import { COUNTRIES, COUNTRY_CHOICES, countryOf, GENDERS, SYSTEM_OF, sizes } from './sizes';

describe('shoe-size-converter sizes', () => {
  it('lists EU 35–46', () => {
    expect(sizes('EU')).toEqual([35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46]);
    expect(sizes('EU', 'women')).toEqual(sizes('EU', 'men'));
  });

  it('lists their UK and US equivalents by the standard formulas', () => {
    expect(sizes('UK', 'men')).toEqual([2.5, 3.5, 4, 5, 5.5, 6.5, 7.5, 8, 9, 9.5, 10.5, 11]);
    expect(sizes('UK', 'women')).toEqual(sizes('UK', 'men'));
    expect(sizes('US', 'men')).toEqual(sizes('UK').map((uk) => uk + 1));
    expect(sizes('US', 'women')).toEqual(sizes('UK').map((uk) => uk + 2));
  });

  it('lists distinct half sizes in ascending order', () => {
    for (const system of ['EU', 'UK', 'US'] as const) {
      for (const gender of GENDERS) {
        const list = sizes(system, gender);
        expect(list).toHaveLength(12);
        expect(new Set(list).size).toBe(12);
        for (let i = 1; i < list.length; i++) expect(list[i]).toBeGreaterThan(list[i - 1] as number);
        for (const size of list) expect(Number.isInteger(size * 2)).toBe(true);
      }
    }
  });
});

describe('shoe-size-converter countries', () => {
  it('are found by their size system', () => {
    const finding = (word: string) =>
      COUNTRY_CHOICES.filter((choice) => choice.keywords.split(' ').includes(word)).map(
        (choice) => choice.value,
      );
    expect(finding('us')).toEqual(['United States']);
    expect(finding('uk')).toEqual(['United Kingdom']);
    expect(finding('eu')).toEqual(['France', 'Germany', 'Italy', 'Spain']);
  });

  it('are read from a link by name or size system, in any case', () => {
    expect(countryOf('US')).toBe('United States');
    expect(countryOf(' uk')).toBe('United Kingdom');
    expect(countryOf('Eu')).toBe('France');
    expect(countryOf('germany')).toBe('Germany');
    expect(countryOf('Japan')).toBe('Japan');
  });
});

describe('shoe-size-converter compute', () => {
  it.each([
    ['France', 'United Kingdom', 42, 'men', 8, 'UK'],
    ['Germany', 'United States', 42, 'men', 9, 'US'],
    ['Italy', 'United States', 42, 'women', 10, 'US'],
    ['Spain', 'United Kingdom', 35, 'men', 2.5, 'UK'],
    ['France', 'United States', 40, 'men', 7.5, 'US'],
    ['United Kingdom', 'France', 8, 'men', 42, 'EU'],
    ['United Kingdom', 'Germany', 6.5, 'women', 40, 'EU'],
    ['United States', 'France', 9, 'men', 42, 'EU'],
    ['United States', 'Italy', 8, 'women', 39, 'EU'],
    ['United States', 'United Kingdom', 9, 'men', 8, 'UK'],
    ['United States', 'United Kingdom', 9, 'women', 7, 'UK'],
    ['United Kingdom', 'United States', 5, 'women', 7, 'US'],
  ] as const)('%s %d → %s (%s) is %d %s', (from, to, size, gender, expected, system) => {
    const result = expectOk(compute({ from, to, size, gender }));
    expect(result.size).toBe(expected);
    expect(result.system).toBe(system);
  });

  it('avoids the seed formula, which made EU 35 into US 22.7', () => {
    expect(expectOk(compute({ from: 'France', to: 'United States', size: 35 })).size).toBe(3.5);
  });

  it('writes the sentence the screen shows', () => {
    expect(expectOk(compute({ from: 'France', to: 'United States', size: 42, gender: 'men' })).text).toBe(
      'Converted Size: 9 (US)',
    );
    expect(expectOk(compute({ from: 'France', to: 'United Kingdom', size: 40 })).text).toBe(
      'Converted Size: 6.5 (UK)',
    );
    expect(expectOk(compute({ from: 'United States', to: 'Spain', size: '9' })).text).toBe(
      'Converted Size: 42 (EU)',
    );
  });

  it('converts a link naming size systems, as the tool says it does (US, UK and EU)', () => {
    expect(expectOk(compute({ from: 'US', to: 'EU', size: '9', gender: 'men' })).text).toBe(
      'Converted Size: 42 (EU)',
    );
    expect(expectOk(compute({ from: 'eu', to: 'uk', size: 42 })).text).toBe('Converted Size: 8 (UK)');
  });

  it('defaults the gender to men', () => {
    expect(expectOk(compute({ from: 'France', to: 'United States', size: 42 })).size).toBe(9);
  });

  it('keeps the size between countries of the same system, rounded to that system', () => {
    expect(expectOk(compute({ from: 'France', to: 'Germany', size: 41 })).size).toBe(41);
    expect(expectOk(compute({ from: 'Italy', to: 'Spain', size: 41.4 })).size).toBe(41);
    expect(expectOk(compute({ from: 'United States', to: 'United States', size: 9.5 })).size).toBe(9.5);
  });

  it('rounds to the nearest half size, EU to whole sizes', () => {
    for (const from of COUNTRIES) {
      for (const to of COUNTRIES) {
        for (const size of sizes(SYSTEM_OF[from])) {
          const result = expectOk(compute({ from, to, size }));
          if (result.system === 'EU') expect(Number.isInteger(result.size)).toBe(true);
          else expect(Number.isInteger(result.size * 2)).toBe(true);
        }
      }
    }
  });

  it('converts every listed size there and back to itself', () => {
    for (const gender of GENDERS) {
      for (const from of COUNTRIES) {
        for (const to of COUNTRIES) {
          for (const size of sizes(SYSTEM_OF[from], gender)) {
            const there = expectOk(compute({ from, to, size, gender }));
            expect(sizes(there.system, gender)).toContain(there.size);
            expect(expectOk(compute({ from: to, to: from, size: there.size, gender })).size).toBe(size);
          }
        }
      }
    }
  });

  it.each([
    [{ from: '', to: 'France', size: 9 }],
    [{ from: 'United States', to: '', size: 9 }],
    [{ from: 'United States', to: 'France', size: '' }],
    [{ from: 'United States', to: 'France', size: null }],
    [{ from: 'United States', to: 'France' }],
    [{ to: 'France', size: 9 }],
    [{ from: 'United States', to: 'France', size: 'nine' }],
    [{ from: 'United States', to: 'France', size: 0 }],
    [{ from: 'United States', to: 'France', size: -3 }],
    [{ from: 'Japan', to: 'France', size: 9 }],
    [{ from: 'JP', to: 'France', size: 9 }],
    [{ from: 42, to: 'France', size: 9 }],
    [{ from: 'United States', to: 'France', size: 9, gender: 'kids' }],
  ])('refuses %j', (input) => {
    expect(expectError(compute(input as never))).toBe('Please fill all fields.');
  });

  it('refuses sizes below the adult scale, which would convert to negative sizes', () => {
    expect(expectError(compute({ from: 'France', to: 'United Kingdom', size: 20 }))).toBe(
      'Please fill all fields.',
    );
    expect(expectError(compute({ from: 'United States', to: 'France', size: 0.5, gender: 'men' }))).toBe(
      'Please fill all fields.',
    );
    // UK 0 is the smallest adult size.
    expect(expectOk(compute({ from: 'United Kingdom', to: 'United States', size: 0 + 0.5 })).size).toBe(1.5);
  });
});
