/**
 * GET /api/data/countries/, /currencies/, /rates/, /cpi/: offline answers, and answers from a live
 * provider (a fake one on loopback): live, cached, and the fallbacks when the provider is down,
 * slow, or answers garbage. The API's cache clock is a test clock moved forward by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMode, type FakeProvider, startFakeProvider } from '../support/fake-provider';
import { describeEachDatabase, type TestServer } from '../support/server';

interface RatesAnswer {
  base: string;
  date: string;
  source: string;
  rates: Record<string, number>;
}
interface CpiAnswer {
  country: string;
  source: string;
  series: { year: number; value: number }[];
}

const NOT_AVAILABLE = { error: 'Inflation data not available for selected years.' };
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/**
 * The provider deadline the tests give the API (long enough for a loaded machine to answer the fast
 * modes within it); the fake's slow mode takes 3 s.
 */
const TIMEOUT_MS = 1000;

let clock = Date.now();
const now = () => clock;
/** Moves the API's cache clock forward. */
const advance = (ms: number) => {
  clock += ms;
};

/** Both fakes start before any server, so their URLs can be given to the servers. */
let live: FakeProvider;
let broken: FakeProvider;
beforeAll(async () => {
  live = await startFakeProvider();
  broken = await startFakeProvider();
});
afterAll(async () => {
  await live?.stop();
  await broken?.stop();
});

const rates = (api: TestServer, query = '') => api.json<RatesAnswer>(`/api/data/rates/${query}`);
const cpi = (api: TestServer, query: string) => api.json<CpiAnswer>(`/api/data/cpi/?${query}`);

describeEachDatabase('data for the tools, offline', (api) => {
  it('lists countries by name with their first currency, cacheable for a day', async () => {
    const { status, headers, body } =
      await api.json<{ name: string; code: string; currency: string }[]>('/api/data/countries/');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
    expect(body).toContainEqual({ name: 'Uganda', code: 'UG', currency: 'UGX' });
    expect(body).toContainEqual({ name: 'United States', code: 'US', currency: 'USD' });
    expect(body).toContainEqual({ name: 'Kenya', code: 'KE', currency: 'KES' });
    const names = body.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const country of body) {
      expect(Object.keys(country).sort()).toEqual(['code', 'currency', 'name']);
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('lists current currencies by code with a description, cacheable for a day', async () => {
    const { status, headers, body } =
      await api.json<{ code: string; description: string }[]>('/api/data/currencies');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
    expect(body).toContainEqual({ code: 'UGX', description: 'Uganda Shilling' });
    expect(body).toContainEqual({ code: 'USD', description: 'US Dollar' });
    const codes = body.map((currency) => currency.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).not.toContain('ANG'); // withdrawn in 2025
    for (const currency of body) expect(currency.description.length).toBeGreaterThan(0);
  });

  it('answers the dated offline snapshot in US dollars by default', async () => {
    const { status, body } = await rates(api);
    expect(status).toBe(200);
    expect(body.base).toBe('USD');
    expect(body.date).toBe('2026-09-29');
    expect(body.source).toBe('offline snapshot');
    expect(body.rates.USD).toBe(1);
    expect(body.rates.EUR).toBeGreaterThan(0.5);
    expect(body.rates.UGX).toBeGreaterThan(1000);
    for (const [code, rate] of Object.entries(body.rates)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(rate).toBeGreaterThan(0);
    }
  });

  it('re-bases the table on another currency, whatever its case', async () => {
    const usd = (await rates(api)).body;
    for (const query of ['?base=EUR', '?base=eur', '?base=%20Eur%20']) {
      const { status, body } = await rates(api, query);
      expect(status, query).toBe(200);
      expect(body.base).toBe('EUR');
      expect(body.rates.EUR).toBe(1);
      expect(body.rates.USD).toBeCloseTo(1 / (usd.rates.EUR ?? Number.NaN), 10);
      expect(body.rates.UGX).toBeCloseTo((usd.rates.UGX ?? Number.NaN) / (usd.rates.EUR ?? Number.NaN), 6);
      expect(body.date).toBe(usd.date);
    }
    expect((await rates(api, '?base=')).body.base).toBe('USD');
  });

  it('refuses an unknown base with a field error', async () => {
    for (const query of ['?base=XYZ', '?base=US', '?base=BTC', '?base=12', '?base=USD&base=EUR']) {
      const { status, body } = await rates(api, query);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ base: ['Unknown currency code.'] });
    }
    // A NUL character is refused like in any text input (http/text-input.ts).
    expect(await rates(api, '?base=%00')).toMatchObject({
      status: 400,
      body: { base: ['Null characters are not allowed.'] },
    });
  });

  it('has no inflation data without a provider', async () => {
    const { status, body } = await cpi(api, 'country=US&start=2000&end=2020');
    expect(status).toBe(404);
    expect(body).toEqual(NOT_AVAILABLE);
  });

  it('refuses a bad inflation query with field errors', async () => {
    // The latest year anywhere on Earth (UTC+14 reaches a new year first), as the API allows.
    const year = new Date(Date.now() + 14 * 60 * 60 * 1000).getUTCFullYear();
    const cases: [string, Record<string, string[]>][] = [
      [
        '',
        {
          country: ['This field is required.'],
          start: ['This field is required.'],
          end: ['This field is required.'],
        },
      ],
      ['country=USA&start=2000&end=2020', { country: ['Enter a two-letter country code.'] }],
      ['country=1&start=2000&end=2020', { country: ['Enter a two-letter country code.'] }],
      ['country=ZZ&start=2000&end=2020', { country: ['Unknown country code.'] }],
      ['country=US&start=1899&end=2020', { start: [`Enter a year from 1900 to ${year}.`] }],
      ['country=US&start=2000&end=3000', { end: [`Enter a year from 1900 to ${year}.`] }],
      ['country=US&start=2000.5&end=2020', { start: [`Enter a year from 1900 to ${year}.`] }],
      [
        'country=US&start=abc&end=-1',
        { start: [`Enter a year from 1900 to ${year}.`], end: [`Enter a year from 1900 to ${year}.`] },
      ],
      ['country=US&start=20000000000000000000&end=2020', { start: [`Enter a year from 1900 to ${year}.`] }],
      ['country=US&start=2010&end=2000', { end: ['The end year cannot be before the start year.'] }],
      ['country=US&country=UG&start=2000&end=2020', { country: ['Enter a two-letter country code.'] }],
    ];
    for (const [query, errors] of cases) {
      const { status, body } = await cpi(api, query);
      expect(status, query).toBe(400);
      expect(body, query).toEqual(errors);
    }
  });

  it('accepts a lower-case country and a single year', async () => {
    const { status, body } = await cpi(api, 'country=ug&start=2020&end=2020');
    expect(status).toBe(404);
    expect(body).toEqual(NOT_AVAILABLE);
  });
});

describeEachDatabase(
  'data for the tools, from a live provider',
  (api) => {
    beforeAll(() => {
      live.reset();
    });

    /** Makes any cached answer older than its hour (rates) or day (CPI), past the retry pause too. */
    const ageEverything = () => advance(25 * HOUR);

    it('answers the live rates, saying where they came from', async () => {
      const { status, headers, body } = await rates(api);
      expect(status).toBe(200);
      expect(body.source).toBe(`live: ${live.host}`);
      expect(body.date).toBe('2026-10-01');
      // FOK is not an ISO 4217 code: left out.
      expect(body.rates).toEqual({ EUR: 0.9, GBP: 0.75, KES: 129.5, UGX: 3800, USD: 1 });
      expect(headers.get('cache-control')).toBe('public, max-age=600');
      expect(live.requests).toEqual(['/v6/latest/USD']);
    });

    it('serves the cached table within the hour without asking the provider again', async () => {
      advance(59 * MINUTE);
      live.rates = { USD: 1, EUR: 0.5 };
      const eur = await rates(api, '?base=EUR');
      expect(eur.status).toBe(200);
      expect(eur.body.source).toBe(`live: ${live.host}`);
      expect(eur.body.rates.EUR).toBe(1);
      expect(eur.body.rates.USD).toBeCloseTo(1 / 0.9, 12);
      expect(eur.body.rates.UGX).toBeCloseTo(3800 / 0.9, 9);
      expect((await rates(api)).body.rates.EUR).toBe(0.9);
      expect(live.count('/v6/')).toBe(1);
    });

    it('asks the provider again once the hour has passed', async () => {
      advance(2 * MINUTE);
      live.rates = { USD: 1, EUR: 0.95, UGX: 3700 };
      live.ratesUpdated += 86_400;
      const { body } = await rates(api);
      expect(body).toMatchObject({ date: '2026-10-02', source: `live: ${live.host}` });
      expect(body.rates).toEqual({ EUR: 0.95, UGX: 3700, USD: 1 });
      expect(live.count('/v6/')).toBe(2);
    });

    it('refuses a base the live table does not have', async () => {
      const { status, body } = await rates(api, '?base=GBP');
      expect(status).toBe(400);
      expect(body).toEqual({ base: ['Unknown currency code.'] });
    });

    it.each<FakeMode>(['html', 'wrong-shape', 'error-500', 'cut', 'slow'])(
      'falls back to the last cached answer when the provider answers %s',
      async (mode) => {
        ageEverything();
        live.mode = mode;
        const asked = live.count('/v6/');
        const started = performance.now();
        const { status, headers, body } = await rates(api);
        expect(status).toBe(200);
        expect(body).toEqual({
          base: 'USD',
          date: '2026-10-02',
          source: 'cached live answer (provider unavailable)',
          rates: { EUR: 0.95, UGX: 3700, USD: 1 },
        });
        expect(headers.get('cache-control')).toBe('no-store');
        expect(live.count('/v6/')).toBe(asked + 1);
        expect(performance.now() - started).toBeLessThan(live.slowMs);
      },
    );

    it('leaves a failing provider alone for a minute, then tries again', async () => {
      ageEverything();
      live.mode = 'error-500';
      const asked = live.count('/v6/');
      expect((await rates(api)).body.source).toBe('cached live answer (provider unavailable)');
      advance(30 * 1000);
      live.mode = 'ok';
      expect((await rates(api, '?base=UGX')).body.source).toBe('cached live answer (provider unavailable)');
      expect(live.count('/v6/')).toBe(asked + 1);
      advance(31 * 1000);
      expect((await rates(api)).body.source).toBe(`live: ${live.host}`);
      expect(live.count('/v6/')).toBe(asked + 2);
    });

    it('asks the provider once for many concurrent requests', async () => {
      ageEverything();
      live.mode = 'slow';
      live.slowMs = 100;
      const asked = live.count('/v6/');
      const answers = await Promise.all(Array.from({ length: 8 }, () => rates(api)));
      for (const answer of answers) expect(answer.body.source).toBe(`live: ${live.host}`);
      expect(live.count('/v6/')).toBe(asked + 1);
      live.mode = 'ok';
      live.slowMs = 3000;
    });

    it('answers the live CPI ascending by year, without the empty years', async () => {
      const { status, headers, body } = await cpi(api, 'country=us&start=1999&end=2002');
      expect(status).toBe(200);
      expect(body).toEqual({
        country: 'US',
        source: `live: ${live.host}`,
        series: [
          { year: 1999, value: 118.9 },
          { year: 2000, value: 120 },
          { year: 2002, value: 122.2 },
        ],
      });
      expect(headers.get('cache-control')).toBe('public, max-age=600');
      expect(live.requests.at(-1)).toBe(
        '/v2/country/US/indicator/FP.CPI.TOTL?date=1999:2002&format=json&per_page=100',
      );
    });

    it('serves the cached CPI within the day, per country and range', async () => {
      const asked = live.count('/v2/');
      advance(23 * HOUR);
      live.cpi.US = {};
      expect((await cpi(api, 'country=US&start=1999&end=2002')).body.series).toHaveLength(3);
      expect(live.count('/v2/')).toBe(asked);
      expect((await cpi(api, 'country=UG&start=2000&end=2020')).body.series).toEqual([
        { year: 2000, value: 40.2 },
        { year: 2010, value: 70.8 },
        { year: 2020, value: 131.9 },
      ]);
      expect(live.count('/v2/')).toBe(asked + 1);
      live.reset();
    });

    it('reads every page of a long range', async () => {
      const { status, body } = await cpi(api, 'country=US&start=1900&end=2020');
      expect(status).toBe(200);
      expect(body.series).toHaveLength(120); // 121 years, 2001 without a value
      expect(body.series[0]).toEqual({ year: 1900, value: 10 });
      expect(body.series.at(-1)).toEqual({ year: 2020, value: 142 });
      expect(live.requests.slice(-2)).toEqual([
        '/v2/country/US/indicator/FP.CPI.TOTL?date=1900:2020&format=json&per_page=100',
        '/v2/country/US/indicator/FP.CPI.TOTL?date=1900:2020&format=json&per_page=100&page=2',
      ]);
    });

    it('answers not available for a country or years the provider has no data for', async () => {
      for (const query of ['country=AQ&start=2000&end=2020', 'country=UG&start=2001&end=2009']) {
        const { status, body } = await cpi(api, query);
        expect(status, query).toBe(404);
        expect(body, query).toEqual(NOT_AVAILABLE);
      }
    });

    it.each<FakeMode>(['html', 'wrong-shape', 'error-500', 'cut', 'slow'])(
      'falls back to the cached CPI, or answers not available, when the provider answers %s',
      async (mode) => {
        ageEverything();
        live.mode = mode;
        const cached = await cpi(api, 'country=US&start=1999&end=2002');
        expect(cached.status).toBe(200);
        expect(cached.body.source).toBe('cached live answer (provider unavailable)');
        expect(cached.body.series).toHaveLength(3);
        expect(cached.headers.get('cache-control')).toBe('no-store');
        const never = await cpi(api, 'country=US&start=1950&end=1960');
        expect(never.status).toBe(404);
        expect(never.body).toEqual(NOT_AVAILABLE);
      },
    );

    it('falls back to the cache when the provider is down, and recovers when it is back', async () => {
      ageEverything();
      live.mode = 'ok';
      await live.stop();
      try {
        expect((await rates(api)).body.source).toBe('cached live answer (provider unavailable)');
        expect((await cpi(api, 'country=US&start=1999&end=2002')).body.source).toBe(
          'cached live answer (provider unavailable)',
        );
        expect((await cpi(api, 'country=US&start=1970&end=1980')).status).toBe(404);
      } finally {
        await live.start();
      }
      ageEverything();
      expect((await rates(api)).body.source).toBe(`live: ${live.host}`);
      expect((await cpi(api, 'country=US&start=1970&end=1980')).body.source).toBe(`live: ${live.host}`);
    });
  },
  { providers: () => ({ ratesUrl: live.ratesUrl, cpiUrl: live.cpiUrl, timeoutMs: TIMEOUT_MS, now }) },
);

describeEachDatabase(
  'data for the tools, from a provider that has never answered',
  (api) => {
    beforeAll(() => {
      broken.reset();
    });

    it.each<FakeMode>(['html', 'wrong-shape', 'error-500', 'cut', 'slow'])(
      'falls back to the offline snapshot when the provider answers %s, and has no CPI',
      async (mode) => {
        advance(2 * MINUTE);
        broken.mode = mode;
        const asked = broken.requests.length;
        const { status, headers, body } = await rates(api, '?base=EUR');
        expect(status).toBe(200);
        expect(body.date).toBe('2026-09-29');
        expect(body.source).toBe('offline snapshot (provider unavailable)');
        expect(body.rates.EUR).toBe(1);
        expect(headers.get('cache-control')).toBe('no-store');
        const inflation = await cpi(api, 'country=US&start=2000&end=2020');
        expect(inflation.status).toBe(404);
        expect(inflation.body).toEqual(NOT_AVAILABLE);
        expect(broken.requests.length).toBe(asked + 2);
      },
    );

    it('falls back to the offline snapshot when the provider is down', async () => {
      advance(2 * MINUTE);
      broken.mode = 'ok';
      await broken.stop();
      try {
        const { status, body } = await rates(api);
        expect(status).toBe(200);
        expect(body).toMatchObject({ date: '2026-09-29', source: 'offline snapshot (provider unavailable)' });
        const inflation = await cpi(api, 'country=US&start=2000&end=2020');
        expect(inflation.status).toBe(404);
        expect(inflation.body).toEqual(NOT_AVAILABLE);
      } finally {
        await broken.start();
      }
    });
  },
  { providers: () => ({ ratesUrl: broken.ratesUrl, cpiUrl: broken.cpiUrl, timeoutMs: TIMEOUT_MS, now }) },
);

describe('the fake provider', () => {
  it('keeps its port across a stop and a start', async () => {
    const before = live.origin;
    await live.stop();
    await live.start();
    expect(live.origin).toBe(before);
  });
});
