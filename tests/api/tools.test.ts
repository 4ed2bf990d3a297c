import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ComputeModule, finiteResult, type Result, TOO_LARGE, type ToolManifest } from '@toolbox/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../support/fake-provider';
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server';
import {
  createScratchPlugins,
  PLUGINS_DIR,
  SCRATCH_MESSAGE,
  type ScratchPlugins,
  toolFolders,
} from '../support/tools';

type Input = Record<string, unknown>;
interface Case {
  valid: Input;
  invalid: Input;
  /** The tool's own message for `invalid` (the same one its page shows). */
  message: string;
}

/** One valid and one refused input per tool, with the refusal's exact message. */
const CASES: Record<string, Case> = {
  'age-calculator': {
    valid: { mode: 'age', birthDate: '2000-02-29', today: '2026-11-24' },
    invalid: { mode: 'age', birthDate: '' },
    message: 'Please select your birth date',
  },
  'bmi-calculator': {
    valid: { system: 'metric', weight: 70, height: 1.75 },
    invalid: { system: 'metric', weight: 'heavy', height: 1.75 },
    message: 'Please enter a valid weight.',
  },
  'currency-converter': {
    valid: { amount: '100', from: 'usd', to: 'EUR' },
    invalid: { amount: -5, from: 'USD', to: 'EUR' },
    message: 'Please enter a valid amount.',
  },
  'data-storage-converter': {
    valid: { value: 1, from: 'GB', to: 'MB' },
    invalid: { value: 'lots', from: 'GB', to: 'MB' },
    message: 'Please enter a valid number',
  },
  'electricity-cost-calculator': {
    valid: { consumptionKwh: 300, country: 'UG' },
    invalid: { consumptionKwh: -1, country: 'UG' },
    message: 'Please enter a valid electricity consumption.',
  },
  'fuel-cost-converter': {
    // The caller finds the distance (the page does: geocode, then route); the rate is gathered.
    valid: { distanceMeters: 224_000, kmPerLitre: 12, priceUsdPerLitre: 1.2, currency: 'UGX' },
    invalid: { distanceMeters: 224_000, kmPerLitre: 0, currency: 'UGX' },
    message: 'Please enter valid fuel efficiency and price.',
  },
  'financial-calculator': {
    valid: { type: 'inflation-adjustment', amount: 100, startYear: 2000, endYear: 2020, country: 'us' },
    invalid: { type: 'currency-conversion', amount: 0, from: 'USD', to: 'EUR' },
    message: 'Enter a valid amount',
  },
  'interest-calculator': {
    valid: { type: 'compound-interest', principal: '5000', rate: '4', time: '3', frequency: 'quarterly' },
    invalid: { type: 'simple-interest', principal: '', rate: 4, time: 3 },
    message: 'Please enter valid loan amount, rate, and time',
  },
  'meme-converter': {
    valid: { topText: 'One does not simply', bottomText: 'run a meme on a server', fontSize: 40 },
    invalid: { topText: 'Too big', fontSize: 200 },
    message: 'Please enter a font size from 12 to 72.',
  },
  'percentage-converter': {
    valid: { base: 200, percentage: 15 },
    invalid: { base: '', percentage: 15 },
    message: 'Please enter valid numbers for both fields.',
  },
  'recipe-converter': {
    valid: {
      originalServings: 4,
      desiredServings: 6,
      ingredients: [{ name: 'flour', quantity: 200, unit: 'g' }],
    },
    invalid: { originalServings: 0, desiredServings: 6, ingredients: [] },
    message: 'Please enter valid serving values.',
  },
  'shoe-size-converter': {
    valid: { from: 'United States', to: 'France', size: 9, gender: 'men' },
    invalid: { from: 'United States', to: 'France', size: 'big', gender: 'men' },
    message: 'Please fill all fields.',
  },
  'temperature-converter': {
    valid: { value: 100, from: 'Celsius', to: 'Fahrenheit' },
    invalid: { value: 'hot', from: 'Celsius', to: 'Fahrenheit' },
    message: 'Please enter a valid number',
  },
  'timezone-converter': {
    valid: { datetime: '2026-03-07T12:00', from: 'America/New_York', to: 'Europe/London' },
    invalid: { datetime: '', from: 'America/New_York', to: 'Europe/London' },
    message: 'Please fill all fields',
  },
  'unit-converter': {
    valid: { amount: 1, from: 'in', to: 'cm' },
    invalid: { amount: 'x', from: 'in', to: 'cm' },
    message: 'Enter a valid numeric amount',
  },
};

const loadCompute = async (slug: string) =>
  (await import(pathToFileURL(join(PLUGINS_DIR, slug, 'compute.ts')).href)) as ComputeModule;

interface Summary {
  slug: string;
  label: string;
  category: string;
  description: string;
  keywords: string[];
  page: string;
  url: string;
  input: string;
  input_schema: { type?: string; oneOf?: unknown[]; properties?: Record<string, unknown> };
}

let provider: FakeProvider;
beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(async () => {
  await provider?.stop();
});

describeEachDatabase(
  'tools API',
  (api) => {
    /** What a tool's page computes: the compute, fed the data its view fetches from /api/data. */
    async function asThePageDoes(slug: string, input: Input): Promise<Result<unknown>> {
      const module = await loadCompute(slug);
      const extra: Input = {};
      if (slug === 'currency-converter' || input.type === 'currency-conversion') {
        extra.rates = (await api.json<{ rates: Input }>('/api/data/rates/')).body.rates;
      }
      if (slug === 'fuel-cost-converter' && input.usdRate === undefined) {
        const rates = (await api.json<{ rates: Record<string, number> }>('/api/data/rates/')).body.rates;
        extra.usdRate = rates[String(input.currency)];
      }
      if (input.type === 'inflation-adjustment') {
        const query = `country=${String(input.country).toUpperCase()}&start=${input.startYear}&end=${input.endYear}`;
        const cpi = await api.json<{ series: unknown[] }>(`/api/data/cpi/?${query}`);
        extra.cpi = cpi.body.series;
        extra.currentYear = new Date().getUTCFullYear();
      }
      // The page shows no result holding Infinity (createComputeRunner), nor does the API.
      const result = finiteResult(await module.compute({ ...input, ...extra } as never));
      // The field a refusal names is the form's to mark; the API's body is `{ ok, error }` (decision 152).
      return result.ok ? result : { ok: false, error: result.error };
    }

    it('lists every tool folder with its metadata and input schema', async () => {
      const { status, body } = await api.json<Summary[]>('/api/tools/');
      expect(status).toBe(200);
      expect(body.map((tool) => tool.slug).sort()).toEqual(toolFolders());
      expect(body.map((tool) => tool.label)).toEqual(
        [...body.map((tool) => tool.label)].sort((a, b) => a.localeCompare(b)),
      );
      for (const tool of body) {
        expect(tool.page).toBe(`/${tool.slug}`);
        expect(tool.url).toBe(`/api/tools/${tool.slug}/`);
        expect(tool.description.length).toBeGreaterThan(10);
        expect(tool.input).toBe(BROWSER_ONLY.includes(tool.slug) ? 'browser-only' : 'json');
        expect(tool.input_schema.type === 'object' || Array.isArray(tool.input_schema.oneOf), tool.slug).toBe(
          true,
        );
      }
      const currency = body.find((tool) => tool.slug === 'currency-converter');
      // The rates are gathered on the server: not part of the input a caller sends.
      expect(Object.keys(currency?.input_schema.properties ?? {})).toEqual(['amount', 'from', 'to']);
      expect(currency?.input_schema.properties?.amount).toMatchObject({
        type: 'number',
        exclusiveMinimum: 0,
      });
    });

    it('has cases for tools that exist', () => {
      for (const slug of Object.keys(CASES)) expect(toolFolders()).toContain(slug);
    });

    // A tool without a case here (one just added with `npm run new-tool`) is still run: an empty
    // input must answer exactly what its compute says, with 200 or 422 to match.
    /** Tools that run only in the browser, with the reason the API gives. */
    const BROWSER_ONLY = ['file-converter'];
    for (const slug of toolFolders().filter(
      (folder) => !(folder in CASES) && !BROWSER_ONLY.includes(folder),
    )) {
      it(`${slug}: answers an empty input as its compute does`, async () => {
        const expected = await asThePageDoes(slug, {});
        const res = await api.json<Result<unknown>>(`/api/tools/${slug}/`, { method: 'POST', body: {} });
        expect(res.status).toBe(expected.ok ? 200 : 422);
        expect(res.body).toEqual(expected);
      });
    }

    for (const [slug, { valid, invalid, message }] of Object.entries(CASES)) {
      it(`${slug}: runs a valid input as its page does, and refuses an invalid one with its message`, async () => {
        const ok = await api.json<Result<unknown>>(`/api/tools/${slug}/`, { method: 'POST', body: valid });
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
        expect(ok.body).toEqual(await asThePageDoes(slug, valid));
        expect(ok.headers.get('cache-control')).toBe('no-store');

        const refused = await api.json<Result<unknown>>(`/api/tools/${slug}/`, {
          method: 'POST',
          body: invalid,
        });
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({ ok: false, error: message });
        expect(refused.body).toEqual(await asThePageDoes(slug, invalid));
        expect(refused.body).not.toHaveProperty('field');
      });
    }

    it('refuses a result whose numbers overflowed (1e308 °C in °F), rather than sending null and "Infinity"', async () => {
      const body = { value: 1e308, from: 'Celsius', to: 'Fahrenheit' };
      const refused = await api.json<Result<unknown>>('/api/tools/temperature-converter/', {
        method: 'POST',
        body,
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ ok: false, error: TOO_LARGE });
      const edge = await api.json<Result<unknown>>('/api/tools/temperature-converter/', {
        method: 'POST',
        body: { ...body, value: 1e307 },
      });
      expect(edge.status).toBe(200);
    });

    it('file-converter: answers 501 with the reason it runs only in the browser, valid input or not', async () => {
      const manifest = (await import(pathToFileURL(join(PLUGINS_DIR, 'file-converter', 'manifest.ts')).href))
        .default as ToolManifest;
      const reason = manifest.server?.browserOnly;
      expect(reason).toMatch(/browser/);
      const listed = (await api.json<Summary[]>('/api/tools/')).body.find((t) => t.slug === 'file-converter');
      expect(listed).toMatchObject({ input: 'browser-only', browser_only: reason });
      const valid = { name: 'notes.txt', from: 'txt', to: 'html' };
      for (const body of [valid, {}]) {
        const res = await api.json('/api/tools/file-converter/', { method: 'POST', body });
        expect(res).toMatchObject({ status: 501, body: { ok: false, error: reason } });
      }
      expect(await api.json('/api/tools/file-converter/?from=txt&to=html')).toMatchObject({ status: 501 });
    });

    it('fuel-cost-converter: takes the rate the caller gives over the rates table', async () => {
      const input = {
        distanceMeters: 100_000,
        kmPerLitre: 10,
        priceUsdPerLitre: 1,
        currency: 'UGX',
        usdRate: 2,
      };
      const { status, body } = await api.json<Result<{ cost: number }>>('/api/tools/fuel-cost-converter/', {
        method: 'POST',
        body: input,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: true, value: { cost: 20, currency: 'UGX' } });
    });

    it('gets the rates from the data service: a live provider when configured', async () => {
      const { body } = await api.json<Result<{ rate: number }>>('/api/tools/currency-converter/', {
        method: 'POST',
        body: { amount: 1, from: 'USD', to: 'EUR' },
      });
      expect(body.ok && body.value.rate).toBe(provider.rates.EUR);
    });

    it("uses the server's day for the age when the caller sends none", async () => {
      const { body } = await api.json<Result<{ totalDays: number }>>(
        '/api/tools/age-calculator/?mode=age&birthDate=2000-01-01',
      );
      const expected = await (await loadCompute('age-calculator')).compute({
        mode: 'age',
        birthDate: '2000-01-01',
        today: new Date().toISOString().slice(0, 10),
      } as never);
      expect(body).toEqual(expected);
    });

    it('answers a GET with the fields as the query, as the POST does', async () => {
      const get = await api.json('/api/tools/temperature-converter/?value=100&from=Celsius&to=Fahrenheit');
      const post = await api.json('/api/tools/temperature-converter', {
        method: 'POST',
        body: { value: 100, from: 'Celsius', to: 'Fahrenheit' },
      });
      expect(get.status).toBe(200);
      expect(get.body).toEqual(post.body);
      // A decimal comma (as a phone's keypad types it in many languages) reads as the point.
      const comma = await api.json('/api/tools/temperature-converter/?value=37,5&from=Celsius&to=Fahrenheit');
      const point = await api.json('/api/tools/temperature-converter/?value=37.5&from=Celsius&to=Fahrenheit');
      expect(comma.status).toBe(200);
      expect(comma.body).toEqual(point.body);
      const refused = await api.json('/api/tools/temperature-converter/?value=&from=Celsius&to=Fahrenheit');
      expect(refused).toMatchObject({
        status: 422,
        body: { ok: false, error: 'Please enter a valid number' },
      });
    });

    it('answers 404 for an unknown tool, 400 for a body that is not a JSON object', async () => {
      for (const method of ['GET', 'POST']) {
        const unknown = await api.json('/api/tools/no-such-tool/', {
          method,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect(unknown).toMatchObject({
          status: 404,
          body: { ok: false, error: 'Unknown tool: no-such-tool.' },
        });
      }
      // Refusals made before the tools' router are written as its own are, `{ ok: false, error }`.
      for (const [label, path, init, status, error] of [
        [
          'a method not served',
          '/api/tools/bmi-calculator/',
          { method: 'DELETE' },
          405,
          'Method "DELETE" not allowed.',
        ],
        ['a path not served', '/api/tools/bmi-calculator/more/', {}, 404, 'Not found.'],
        [
          'a NUL in the query',
          '/api/tools/bmi-calculator/?weight=%00',
          {},
          400,
          'Null characters are not allowed.',
        ],
        [
          'a query not UTF-8',
          '/api/tools/bmi-calculator/?weight=%FF',
          {},
          400,
          'The query string is not valid UTF-8 text.',
        ],
        [
          'a body too large',
          '/api/tools/bmi-calculator/',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: `"${'a'.repeat(1024 * 1024)}"`,
          },
          413,
          'Request body too large (at most 1 MiB).',
        ],
      ] as const) {
        const res = await api.request(path, init);
        expect(res.status, label).toBe(status);
        expect(await res.json(), label).toEqual({ ok: false, error });
      }
      expect((await api.request('/api/tools/', { method: 'PUT' })).headers.get('allow')).toBe('GET, HEAD');
      // A slug far longer than any tool's is named as far as a slug goes.
      const long = await api.json(`/api/tools/${'x'.repeat(5000)}/`);
      expect(long).toMatchObject({
        status: 404,
        body: { ok: false, error: `Unknown tool: ${'x'.repeat(100)}.` },
      });
      const malformed = await api.json('/api/tools/unit-converter/', {
        method: 'POST',
        body: '{"amount": 1,',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(malformed).toMatchObject({ status: 400, body: { ok: false, error: 'Malformed JSON body.' } });
      for (const body of ['[1, 2]', '"text"', 'null', '']) {
        const res = await api.json('/api/tools/unit-converter/', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
        });
        expect(res.status, body).toBe(400);
      }
      // A JSON body sent without its Content-Type (curl -d) is read all the same.
      const plain = await api.request('/api/tools/unit-converter/', {
        method: 'POST',
        body: JSON.stringify(CASES['unit-converter']?.valid),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(plain.status).toBe(200);
      // Multipart is only for tools with file fields.
      const form = new FormData();
      form.set('amount', '1');
      const multipart = await api.request('/api/tools/unit-converter/', { method: 'POST', body: form });
      expect(multipart.status).toBe(415);
    });

    it('refuses an input nested too deeply with 400, and every tool still answers after it', async () => {
      const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      // Deep enough that the worker could not be handed it; more than the pool has workers.
      for (let attempt = 0; attempt < 3; attempt++) {
        const deep = await api.json('/api/tools/unit-converter/', {
          method: 'POST',
          body: nested(5000),
          headers: { 'Content-Type': 'application/json' },
        });
        expect(deep).toMatchObject({
          status: 400,
          body: { ok: false, error: 'The input is nested too deeply (at most 32 levels).' },
        });
      }
      const fine = await api.json('/api/tools/unit-converter/', {
        method: 'POST',
        body: JSON.stringify({ ...CASES['unit-converter']?.valid, extra: JSON.parse(nested(30)) }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(fine.status).toBe(200);
    });
  },
  { providers: () => ({ ratesUrl: provider.ratesUrl, cpiUrl: provider.cpiUrl }) },
);

describe('tools API: throttle, time-out and a new plugin', () => {
  let scratch: ScratchPlugins;
  let server: TestServer;
  beforeAll(async () => {
    scratch = await createScratchPlugins();
    server = await startTestServer({
      tools: {
        pluginDirs: [PLUGINS_DIR, scratch.dir],
        timeoutMs: 500,
        workers: 1,
        throttle: { limit: 6, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await scratch?.remove();
  });

  it('serves and describes a tool added as a folder, with nothing else edited', async () => {
    const list = await server.json<Summary[]>('/api/tools/');
    const added = list.body.find((tool) => tool.slug === scratch.slug);
    expect(added).toMatchObject({ label: 'Zz Scratch Doubler', category: 'Math', keywords: ['twice'] });
    expect(added?.input_schema.properties).toHaveProperty('n');
    const doc = await server.json<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(doc.body.paths).toHaveProperty(`/api/tools/${scratch.slug}/`);

    const run = await server.json(`/api/tools/${scratch.slug}/?n=21`);
    expect(run).toMatchObject({ status: 200, body: { ok: true, value: { value: 42, text: 'Twice: 42' } } });
    const refused = await server.json(`/api/tools/${scratch.slug}/?n=many`);
    expect(refused).toMatchObject({ status: 422, body: { ok: false, error: SCRATCH_MESSAGE } });
  });

  it('stops a compute that runs too long with a 503, and the next one runs', async () => {
    const spinning = await server.json(`/api/tools/${scratch.slug}/`, {
      method: 'POST',
      body: { n: 1, spin: 'true' },
    });
    expect(spinning).toMatchObject({
      status: 503,
      body: { ok: false, error: 'The calculation took too long and was stopped.' },
    });
    const next = await server.json(`/api/tools/${scratch.slug}/`, { method: 'POST', body: { n: 2 } });
    expect(next).toMatchObject({ status: 200, body: { ok: true, value: { value: 4 } } });
  });

  it('throttles runs per address with 429 and Retry-After', async () => {
    // Earlier tests of this server used 4 of the 6 runs allowed.
    const answers: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await server.request(`/api/tools/${scratch.slug}/?n=${i}`);
      answers.push(last.status);
    }
    expect(answers).toEqual([200, 200, 429, 429]);
    const retryAfter = Number(last?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await last?.json()).toEqual({
      ok: false,
      error: `Too many requests from your address: try again in ${retryAfter} seconds.`,
    });
    // The list is not throttled.
    expect((await server.request('/api/tools/')).status).toBe(200);
  });
});

describe('tools API: the waiting computes of one address', () => {
  let scratch: ScratchPlugins;
  let server: TestServer;
  beforeAll(async () => {
    scratch = await createScratchPlugins();
    server = await startTestServer({
      trustProxy: true,
      tools: { pluginDirs: [scratch.dir], timeoutMs: 400, workers: 1, queuePerAddress: 2 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await scratch?.remove();
  });

  const run = (address: string, body: object) =>
    server.json(`/api/tools/${scratch.slug}/`, {
      method: 'POST',
      body,
      headers: { 'X-Forwarded-For': address },
    });

  it('refuses with 429 an address that has its share waiting; another address is served next', async () => {
    const answered: string[] = [];
    const noted = (name: string, answer: Promise<{ status: number }>) =>
      answer.then((settled) => {
        answered.push(`${name} ${settled.status}`);
        return settled;
      });
    // One address's three computes that spin until the time-out: one runs, two wait.
    const spins = ['a1', 'a2', 'a3'].map((name) => noted(name, run('198.51.100.1', { n: 1, spin: 'true' })));
    // Its fourth is refused: it has its share waiting. So all three are in, the first running.
    const refused = await run('198.51.100.1', { n: 4 });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        ok: false,
        error: 'Too many of your calculations are waiting: try again once they are answered.',
      },
    });
    expect(refused.headers.get('retry-after')).toBe('1');

    const other = await noted('b', run('203.0.113.7', { n: 2 }));
    expect(other).toMatchObject({ status: 200, body: { ok: true, value: { value: 4 } } });
    await Promise.all(spins);
    // The other address waited for the compute running, not for the two waiting before it.
    expect(answered[1]).toBe('b 200');
    expect(answered.filter((entry) => entry !== 'b 200').sort()).toEqual(['a1 503', 'a2 503', 'a3 503']);
  });
});
