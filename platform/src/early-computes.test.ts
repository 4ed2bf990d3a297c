// @vitest-environment happy-dom
import { EARLY_COMPUTES } from '@toolbox/sdk';
import type { ComputeApi } from '@toolbox/sdk/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeOwnToolsHere, earlyComputeLoaders } from './early-computes';

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

describe('computeOwnToolsHere', () => {
  /** A runner that notes each call it takes, as `name slug`. */
  const runner = (name: string, calls: string[]): ComputeApi => ({
    async run(slug, input) {
      calls.push(`${name} run ${slug}`);
      return { ok: true, value: { by: name, input } };
    },
    async prepare(slug) {
      calls.push(`${name} prepare ${slug}`);
    },
  });

  it("runs and prepares the page's own tools here, and every other tool in the worker", async () => {
    const calls: string[] = [];
    const compute = computeOwnToolsHere(
      runner('here', calls),
      new Set(['bmi-calculator']),
      runner('worker', calls),
    );
    expect(await compute.run('bmi-calculator', { weight: 70 })).toEqual({
      ok: true,
      value: { by: 'here', input: { weight: 70 } },
    });
    await compute.prepare('bmi-calculator');
    await compute.run('temperature-converter', {});
    await compute.prepare('currency-converter');
    expect(calls).toEqual([
      'here run bmi-calculator',
      'here prepare bmi-calculator',
      'worker run temperature-converter',
      'worker prepare currency-converter',
    ]);
  });
});
