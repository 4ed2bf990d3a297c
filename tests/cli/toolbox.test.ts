import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main } from '@toolbox/api/cli/toolbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchPlugins,
  PLUGINS_DIR,
  REPO_ROOT,
  SCRATCH_MESSAGE,
  type ScratchPlugins,
  toolFolders,
} from '../support/tools';

const BIN = join(REPO_ROOT, 'api', 'bin', 'toolbox.mjs');
/** Starting Node with tsx and reading every plugin takes seconds on a loaded machine. */
const SLOW = 120_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `toolbox` bin, as `npx toolbox …` does. */
async function toolbox(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, TOOLBOX_API: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('toolbox command line', () => {
  it('prints the result text', { timeout: SLOW }, async () => {
    const run = await toolbox(
      'temperature-converter',
      '--value',
      '100',
      '--from',
      'Celsius',
      '--to',
      'Fahrenheit',
    );
    expect(run).toEqual({ code: 0, stdout: '100 °C = 212.00 °F\n', stderr: '' });
  });

  it('prints the whole value with --json (fields as --name=value too)', { timeout: SLOW }, async () => {
    const run = await toolbox('percentage-converter', '--base=200', '--percentage', '15', '--json');
    expect(run.code).toBe(0);
    const value = JSON.parse(run.stdout) as { value: number; text: string };
    expect(value.value).toBe(30);
  });

  it("exits 1 with the tool's message on bad input, 2 on an unknown tool", { timeout: SLOW }, async () => {
    const bad = await toolbox(
      'temperature-converter',
      '--value',
      'hot',
      '--from',
      'Celsius',
      '--to',
      'Kelvin',
    );
    expect(bad).toEqual({ code: 1, stdout: '', stderr: 'Please enter a valid number\n' });
    const unknown = await toolbox('no-such-tool', '--x', '1');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown tool: no-such-tool.');
  });

  it('lists every tool with --help, and a tool’s fields with <tool> --help', { timeout: SLOW }, async () => {
    const list = await toolbox('--help');
    expect(list.code).toBe(0);
    for (const slug of toolFolders()) expect(list.stdout).toContain(`  ${slug}`);
    const tool = await toolbox('shoe-size-converter', '--help');
    expect(tool.code).toBe(0);
    expect(tool.stdout).toContain(
      '--from  one of: United States, United Kingdom, France, Germany, Italy, Spain',
    );
    expect(tool.stdout).toContain('--size  number');
    expect(tool.stdout).toContain('--gender  one of: men, women (default: "men")');
  });
});

describe('toolbox command line, in process', () => {
  let scratch: ScratchPlugins;
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        out: (text: string) => out.push(text),
        err: (text: string) => err.push(text),
        env: {},
        pluginDirs: [PLUGINS_DIR, scratch.dir],
        now: new Date(2026, 10, 24, 12),
      },
    };
  };
  beforeAll(async () => {
    scratch = await createScratchPlugins();
  });
  afterAll(() => scratch?.remove());

  it('offers a tool added as a folder, with nothing else edited', { timeout: SLOW }, async () => {
    const help = io();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toMatch(
      new RegExp(`  ${scratch.slug} +Doubles a number \\(a test plugin\\)\\.`),
    );
    const run = io();
    expect(await main([scratch.slug, '--n', '21'], run.io)).toBe(0);
    expect(run.out).toEqual(['Twice: 42']);
    const bad = io();
    expect(await main([scratch.slug, '--n', 'many'], bad.io)).toBe(1);
    expect(bad.err).toEqual([SCRATCH_MESSAGE]);
  });

  it('converts currencies on the offline rates, and gives the age on the local day', {
    timeout: SLOW,
  }, async () => {
    const currency = io();
    expect(
      await main(['currency-converter', '--amount', '1', '--from', 'USD', '--to', 'USD'], currency.io),
    ).toBe(0);
    expect(currency.out).toEqual(['Converted Amount: 1.00 USD']);
    const age = io();
    expect(
      await main(['age-calculator', '--mode', 'age', '--birthDate', '2000-11-24', '--json'], age.io),
    ).toBe(0);
    expect(JSON.parse(age.out[0] ?? '')).toMatchObject({ years: 26, months: 0, days: 0 });
  });

  it('prices a trip in the currency at the offline rate; a meme caption runs; the file converter says why it does not', {
    timeout: SLOW,
  }, async () => {
    const trip = ['fuel-cost-converter', '--distanceMeters', '224000', '--json'];
    const usd = io();
    expect(await main([...trip, '--currency', 'USD'], usd.io)).toBe(0);
    expect(JSON.parse(usd.out[0] ?? '')).toMatchObject({ distanceKm: 224, litres: 18.67, cost: 22.4 });
    const ugx = io();
    expect(await main([...trip, '--currency', 'UGX'], ugx.io)).toBe(0);
    const { cost, currency } = JSON.parse(ugx.out[0] ?? '') as { cost: number; currency: string };
    // The offline table's shilling rate (thousands a dollar), not the fallback of 1.
    expect(currency).toBe('UGX');
    expect(cost / 22.4).toBeGreaterThan(1000);
    const given = io();
    expect(await main([...trip, '--currency', 'UGX', '--usdRate', '2'], given.io)).toBe(0);
    expect(JSON.parse(given.out[0] ?? '')).toMatchObject({ cost: 44.8 });

    const meme = io();
    expect(await main(['meme-converter', '--topText', 'Hello', '--fontSize', '40', '--json'], meme.io)).toBe(
      0,
    );
    expect(JSON.parse(meme.out[0] ?? '')).toMatchObject({ topText: 'Hello', fontSize: 40 });
    const tooBig = io();
    expect(await main(['meme-converter', '--fontSize', '200'], tooBig.io)).toBe(1);
    expect(tooBig.err).toEqual(['Please enter a font size from 12 to 72.']);

    const file = io();
    expect(await main(['file-converter', '--from', 'txt', '--to', 'html'], file.io)).toBe(2);
    expect(file.err[0]).toMatch(/^File Converter runs only in the browser: .*browser/);
  });

  it('reads JSON for list fields and refuses what is not JSON', { timeout: SLOW }, async () => {
    const ok = io();
    const args = ['recipe-converter', '--originalServings', '2', '--desiredServings', '4'];
    expect(
      await main([...args, '--ingredients', '[{"name":"flour","quantity":100,"unit":"g"}]', '--json'], ok.io),
    ).toBe(0);
    expect(ok.out[0]).toContain('200');
    const bad = io();
    expect(await main([...args, '--ingredients', 'flour'], bad.io)).toBe(2);
    expect(bad.err[0]).toContain('--ingredients must be JSON');
    const missing = io();
    expect(await main(['unit-converter', '--amount'], missing.io)).toBe(2);
    expect(missing.err).toEqual(['--amount needs a value.']);
  });
});
