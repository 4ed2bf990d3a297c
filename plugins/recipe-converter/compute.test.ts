import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, formatQuantity, NO_INGREDIENTS, parseQuantity } from './compute';

const pancakes = [
  { name: 'flour', quantity: '1 1/2', unit: 'cup' },
  { name: 'milk', quantity: 300, unit: 'ml' },
  { name: 'eggs', quantity: '2', unit: '' },
  { name: 'sugar', quantity: '1/3', unit: 'cup' },
  { name: 'salt', quantity: 'a pinch', unit: '' },
];

describe('recipe-converter compute', () => {
  it('scales every quantity by desired ÷ original', () => {
    const { ingredients } = expectOk(
      compute({ originalServings: 4, desiredServings: 6, ingredients: pancakes }),
    );
    expect(ingredients.map((i) => i.quantity)).toEqual([2.25, 450, 3, 0.5, 'a pinch']);
    expect(ingredients.map((i) => i.display)).toEqual(['2 1/4', '450', '3', '1/2', 'a pinch']);
    expect(ingredients.map((i) => [i.name, i.unit])).toEqual([
      ['flour', 'cup'],
      ['milk', 'ml'],
      ['eggs', ''],
      ['sugar', 'cup'],
      ['salt', ''],
    ]);
  });

  it('rounds quantities to 2 decimals, half away from zero on the decimal number', () => {
    const scale = (quantity: number | string, original: number, desired: number) =>
      expectOk(
        compute({
          originalServings: original,
          desiredServings: desired,
          ingredients: [{ name: 'x', quantity, unit: 'g' }],
        }),
      ).ingredients[0]?.quantity;
    expect(scale(1, 3, 1)).toBe(0.33);
    expect(scale(2, 3, 1)).toBe(0.67);
    expect(scale(1.005, 1, 1)).toBe(1.01);
    expect(scale('1/8', 1, 1)).toBe(0.13);
    expect(scale(100, 7, 3)).toBe(42.86);
  });

  it('keeps quantities numeric and passes anything else through unchanged', () => {
    const { ingredients } = expectOk(
      compute({
        originalServings: 2,
        desiredServings: 4,
        ingredients: [
          { name: 'salt', quantity: 'to taste', unit: '' },
          { name: 'water', quantity: '', unit: 'ml' },
          { name: 'odd', quantity: '1/0', unit: '' },
          { name: 'range', quantity: '2-3', unit: 'cloves' },
          { name: 'butter', quantity: ' 25 ', unit: 'g' },
        ],
      }),
    );
    expect(ingredients.map((i) => i.quantity)).toEqual(['to taste', '', '1/0', '2-3', 50]);
  });

  it('writes the scaled list the screen shows, skipping empty rows', () => {
    const result = expectOk(
      compute({
        originalServings: '4',
        desiredServings: '2',
        ingredients: [...pancakes, { name: '', quantity: '', unit: '' }],
      }),
    );
    expect(result.text).toBe(
      [
        'Ingredients for 2 servings:',
        '- 3/4 cup flour',
        '- 150 ml milk',
        '- 1 eggs',
        '- 0.17 cup sugar', // 1/6 is no kitchen fraction: 2 decimals
        '- a pinch salt',
      ].join('\n'),
    );
    expect(result.ingredients).toHaveLength(6);
  });

  it('says serving for one serving', () => {
    const ingredients = [{ name: 'egg', quantity: '4', unit: '' }];
    expect(expectOk(compute({ originalServings: 4, desiredServings: 1, ingredients })).text).toBe(
      'Ingredients for 1 serving:\n- 1 egg',
    );
  });

  it('refuses a recipe without a single ingredient: no list, an empty one, or only empty rows', () => {
    const empty = { name: '', quantity: '', unit: '' };
    for (const ingredients of [undefined, [], [empty, { ...empty, name: '  ' }]]) {
      expect(expectError(compute({ originalServings: 2, desiredServings: 4, ingredients } as never))).toBe(
        NO_INGREDIENTS,
      );
    }
  });

  it('accepts raw form values, decimal servings and a row without its unit', () => {
    const { ingredients } = expectOk(
      compute({
        originalServings: ' 2.5 ',
        desiredServings: '5',
        ingredients: [{ name: 'rice', quantity: '0.5' } as never],
      }),
    );
    expect(ingredients[0]).toEqual({ name: 'rice', quantity: 1, unit: '', display: '1' });
  });

  it.each([
    [0, 4],
    [4, 0],
    [-2, 4],
    [4, -1],
    ['', 4],
    [4, ''],
    ['four', 4],
    [null, 4],
    [4, undefined],
    [Number.NaN, 4],
    [4, Number.POSITIVE_INFINITY],
  ])('refuses servings %j → %j', (originalServings, desiredServings) => {
    expect(
      expectError(
        compute({
          originalServings: originalServings as never,
          desiredServings: desiredServings as never,
          ingredients: pancakes,
        }),
      ),
    ).toBe('Please enter valid serving values.');
  });

  it('refuses missing serving fields with the servings message', () => {
    expect(expectError(compute({ desiredServings: 2, ingredients: [] } as never))).toBe(
      'Please enter valid serving values.',
    );
    expect(expectError(compute(undefined as never))).toBe('Please enter valid serving values.');
  });

  it('refuses an ingredient list that is no list of rows', () => {
    expect(
      expectError(compute({ originalServings: 1, desiredServings: 2, ingredients: 'flour' as never })),
    ).toBe('Please enter valid ingredients.');
    expect(
      expectError(
        compute({
          originalServings: 1,
          desiredServings: 2,
          ingredients: [{ name: 3, quantity: 1, unit: '' }] as never,
        }),
      ),
    ).toBe('Please enter valid ingredients.');
  });

  it('scales there and back to the original quantities', () => {
    const servings = [1, 2, 3, 4, 6, 8, 12];
    const quantities = [1, 2, 10, 250, 1000];
    for (const original of servings) {
      for (const desired of servings) {
        for (const quantity of quantities) {
          const ingredients = [{ name: 'x', quantity, unit: 'g' }];
          const there = expectOk(
            compute({ originalServings: original, desiredServings: desired, ingredients }),
          );
          const back = expectOk(
            compute({ originalServings: desired, desiredServings: original, ingredients: there.ingredients }),
          );
          // Each step rounds to 0.01, so the way back may differ by the scaled rounding error.
          const tolerance = 0.005 * (original / desired) + 0.005 + 1e-9;
          expect(Math.abs((back.ingredients[0]?.quantity as number) - quantity)).toBeLessThanOrEqual(
            tolerance,
          );
        }
      }
    }
  });
});

describe('parseQuantity', () => {
  it.each([
    [2, 2],
    ['2', 2],
    [' 1.25 ', 1.25],
    ['1/2', 0.5],
    ['3/4', 0.75],
    ['1 1/2', 1.5],
    ['2  3/4', 2.75],
    ['1 / 3', 1 / 3],
    ['½', 0.5],
    ['1½', 1.5],
    ['2 ¼', 2.25],
    ['1,5', 1.5],
  ])('reads %j as %d', (raw, expected) => {
    expect(parseQuantity(raw)).toBeCloseTo(expected, 12);
  });

  it.each([['a pinch'], [''], ['1/0'], ['1/2/3'], ['1,500'], ['2-3'], [null], [undefined], [Number.NaN]])(
    'does not read %j',
    (raw) => {
      expect(parseQuantity(raw)).toBeUndefined();
    },
  );
});

describe('formatQuantity', () => {
  it.each([
    [0.5, '1/2'],
    [1.5, '1 1/2'],
    [0.25, '1/4'],
    [0.125, '1/8'],
    [1 / 3, '1/3'],
    [0.33, '1/3'],
    [2 / 3, '2/3'],
    [0.67, '2/3'],
    [2.75, '2 3/4'],
    [3, '3'],
    [2.996, '3'],
    [4.004, '4'],
    [0.3, '0.3'],
    [0.375, '0.38'],
    [1.1, '1.1'],
    [450, '450'],
    [0, '0'],
    [-0.5, '-1/2'],
  ])('shows %d as %s', (quantity, text) => {
    expect(formatQuantity(quantity)).toBe(text);
  });
});
