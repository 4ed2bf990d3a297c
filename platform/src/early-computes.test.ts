// @vitest-environment happy-dom
import { EARLY_COMPUTES } from '@toolbox/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyComputeLoaders } from './early-computes';

function named(text: string) {
  const list = document.createElement('script');
  list.type = 'application/json';
  list.setAttribute(EARLY_COMPUTES, '');
  list.textContent = text;
  document.head.append(list);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('earlyComputeLoaders', () => {
  it('has a loader for each compute the page names', () => {
    named(JSON.stringify({ 'bmi-calculator': '/assets/compute-CHYQg09F.js' }));
    const loaders = earlyComputeLoaders();
    expect(Object.keys(loaders)).toEqual(['bmi-calculator']);
    expect(typeof loaders['bmi-calculator']).toBe('function');
  });

  it('has none on a page that names none', () => {
    expect(earlyComputeLoaders()).toEqual({});
  });

  it('takes only the built files: a name that is not one is left out', () => {
    named(
      JSON.stringify({
        'bmi-calculator': 'https://elsewhere.example/compute.js',
        'unit-converter': 42,
        'temperature-converter': '/assets/compute-D6dseA66.js',
      }),
    );
    expect(Object.keys(earlyComputeLoaders())).toEqual(['temperature-converter']);
  });

  it('has none when the list is not an object of names', () => {
    for (const text of ['not json', '["/assets/compute-CHYQg09F.js"]', 'null', '"x"']) {
      named(text);
      expect(earlyComputeLoaders(), text).toEqual({});
      document.head.innerHTML = '';
    }
  });
});
