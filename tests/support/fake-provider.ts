/**
 * A fake live data provider on loopback, for the API's /api/data tests: it answers rates in the
 * open.er-api shape (`GET /v6/latest/USD`) and the consumer price index in the World Bank shape
 * (`GET /v2/country/{CC}/indicator/FP.CPI.TOTL?date=A:B&format=json&per_page=100[&page=N]`), or
 * misbehaves as `mode` says. It counts the requests it gets; `stop()` takes it off the network
 * (the provider is down) and `start()` brings it back on the same port.
 */
import { type FakeRequest, type FakeService, type Send, startFakeService } from './fake-service';

export type { FakeMode } from './fake-service';

export interface FakeProvider extends FakeService {
  /** For RATES_URL. */
  ratesUrl: string;
  /** For CPI_URL. */
  cpiUrl: string;
  /** What `ok` answers for rates (USD based), and the update time in seconds. */
  rates: Record<string, number>;
  ratesUpdated: number;
  /** What `ok` answers for CPI: country → year → value (null: the year exists without a value). */
  cpi: Record<string, Record<number, number | null>>;
  /** Proper answers, no requests counted, the initial tables. */
  reset(): void;
}

const INITIAL_RATES = { USD: 1, EUR: 0.9, UGX: 3800, GBP: 0.75, KES: 129.5, FOK: 6.7 };
/** 2026-10-01T00:00:00Z */
const INITIAL_UPDATED = 1_790_812_800;

function initialCpi(): Record<string, Record<number, number | null>> {
  const us: Record<number, number | null> = {};
  for (let year = 1900; year <= 2025; year++) us[year] = Math.round((10 + (year - 1900) * 1.1) * 1000) / 1000;
  us[2001] = null;
  return { US: us, UG: { 2000: 40.2, 2010: 70.8, 2020: 131.9 } };
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const service = await startFakeService({
    respond: (request, send) => respond(request, send),
    htmlPage: '<!doctype html><html><body>Service temporarily unavailable</body></html>',
    wrongShape: ({ url }) =>
      url.pathname.startsWith('/v6/') ? { result: 'success', rates: 'none' } : { page: 1 },
  });
  const fake: FakeProvider = Object.assign(service, {
    ratesUrl: `${service.origin}/v6/latest/USD`,
    cpiUrl: `${service.origin}/v2`,
    rates: { ...INITIAL_RATES },
    ratesUpdated: INITIAL_UPDATED,
    cpi: initialCpi(),
    reset() {
      service.resetService();
      fake.rates = { ...INITIAL_RATES };
      fake.ratesUpdated = INITIAL_UPDATED;
      fake.cpi = initialCpi();
    },
  });

  function respond({ url }: FakeRequest, send: Send) {
    if (url.pathname === '/v6/latest/USD') {
      return send(200, {
        result: 'success',
        provider: 'https://www.exchangerate-api.com',
        time_last_update_unix: fake.ratesUpdated,
        time_next_update_unix: fake.ratesUpdated + 86_400,
        base_code: 'USD',
        rates: fake.rates,
      });
    }
    const cpi = /^\/v2\/country\/([A-Za-z]{2})\/indicator\/FP\.CPI\.TOTL$/.exec(url.pathname);
    if (cpi?.[1]) return respondCpi(cpi[1].toUpperCase(), url, send);
    send(404, { error: 'no such path' });
  }

  function respondCpi(country: string, url: URL, send: Send) {
    const values = fake.cpi[country];
    if (!values) {
      return send(200, [
        {
          message: [{ id: '120', key: 'Invalid value', value: 'The provided parameter value is not valid' }],
        },
      ]);
    }
    const [start, end] = (url.searchParams.get('date') ?? '').split(':').map(Number);
    const perPage = Number(url.searchParams.get('per_page') ?? 50);
    const page = Number(url.searchParams.get('page') ?? 1);
    const years = Object.keys(values)
      .map(Number)
      .filter((year) => start !== undefined && end !== undefined && year >= start && year <= end)
      .sort((a, b) => b - a);
    const pages = Math.max(1, Math.ceil(years.length / perPage));
    const entries = years.slice((page - 1) * perPage, page * perPage).map((year) => ({
      indicator: { id: 'FP.CPI.TOTL', value: 'Consumer price index (2010 = 100)' },
      country: { id: country, value: country },
      countryiso3code: '',
      date: String(year),
      value: values[year] ?? null,
      unit: '',
      obs_status: '',
      decimal: 0,
    }));
    send(200, [
      { page, pages, per_page: perPage, total: years.length, sourceid: '2', lastupdated: '2026-07-01' },
      entries.length > 0 ? entries : null,
    ]);
  }

  return fake;
}
