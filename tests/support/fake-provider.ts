/**
 * A fake live data provider on loopback, for the API's /api/data tests: it answers rates in the
 * open.er-api shape (`GET /v6/latest/USD`) and the consumer price index in the World Bank shape
 * (`GET /v2/country/{CC}/indicator/FP.CPI.TOTL?date=A:B&format=json&per_page=100[&page=N]`), or
 * misbehaves as `mode` says. It counts the requests it gets; `stop()` takes it off the network
 * (the provider is down) and `start()` brings it back on the same port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode =
  /** Proper answers. */
  | 'ok'
  /** 200 with an HTML page. */
  | 'html'
  /** 200 with JSON of the wrong shape. */
  | 'wrong-shape'
  /** 500 with a JSON error. */
  | 'error-500'
  /** Answers only after `slowMs`. */
  | 'slow'
  /** Closes the connection without answering. */
  | 'cut';

export interface FakeProvider {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`: what the API names as the source. */
  host: string;
  /** For RATES_URL. */
  ratesUrl: string;
  /** For CPI_URL. */
  cpiUrl: string;
  mode: FakeMode;
  slowMs: number;
  /** What `ok` answers for rates (USD based), and the update time in seconds. */
  rates: Record<string, number>;
  ratesUpdated: number;
  /** What `ok` answers for CPI: country → year → value (null: the year exists without a value). */
  cpi: Record<string, Record<number, number | null>>;
  /** Every request's path and query, in order. */
  requests: string[];
  /** How many requests started with `prefix` (`/v6/` for rates, `/v2/` for CPI). */
  count(prefix: string): number;
  /** Proper answers, no requests counted, the initial tables. */
  reset(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
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
  let server: Server | undefined;
  let port = 0;
  const pending = new Set<NodeJS.Timeout>();

  const fake: FakeProvider = {
    origin: '',
    host: '',
    ratesUrl: '',
    cpiUrl: '',
    mode: 'ok',
    slowMs: 3000,
    rates: { ...INITIAL_RATES },
    ratesUpdated: INITIAL_UPDATED,
    cpi: initialCpi(),
    requests: [],
    count: (prefix) => fake.requests.filter((path) => path.startsWith(prefix)).length,
    reset() {
      fake.mode = 'ok';
      fake.slowMs = 3000;
      fake.rates = { ...INITIAL_RATES };
      fake.ratesUpdated = INITIAL_UPDATED;
      fake.cpi = initialCpi();
      fake.requests.length = 0;
    },
    async start() {
      if (server) return;
      const created = createServer((req, res) => handle(req, res));
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, '127.0.0.1', () => resolve());
      });
      server = created;
      port = (created.address() as AddressInfo).port;
      fake.origin = `http://127.0.0.1:${port}`;
      fake.host = `127.0.0.1:${port}`;
      fake.ratesUrl = `${fake.origin}/v6/latest/USD`;
      fake.cpiUrl = `${fake.origin}/v2`;
    },
    async stop() {
      const running = server;
      if (!running) return;
      server = undefined;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };

  function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
    res.writeHead(status, { 'Content-Type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', fake.origin);
    fake.requests.push(`${url.pathname}${url.search}`);
    const answer = () => respond(url, res);
    switch (fake.mode) {
      case 'ok':
        return answer();
      case 'html':
        return send(
          res,
          200,
          '<!doctype html><html><body>Service temporarily unavailable</body></html>',
          'text/html',
        );
      case 'wrong-shape':
        return send(
          res,
          200,
          url.pathname.startsWith('/v6/') ? { result: 'success', rates: 'none' } : { page: 1 },
        );
      case 'error-500':
        return send(res, 500, { error: 'internal' });
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          answer();
        }, fake.slowMs);
        pending.add(timer);
        return;
      }
      case 'cut':
        return req.socket.destroy();
    }
  }

  function respond(url: URL, res: ServerResponse) {
    if (url.pathname === '/v6/latest/USD') {
      return send(res, 200, {
        result: 'success',
        provider: 'https://www.exchangerate-api.com',
        time_last_update_unix: fake.ratesUpdated,
        time_next_update_unix: fake.ratesUpdated + 86_400,
        base_code: 'USD',
        rates: fake.rates,
      });
    }
    const cpi = /^\/v2\/country\/([A-Za-z]{2})\/indicator\/FP\.CPI\.TOTL$/.exec(url.pathname);
    if (cpi?.[1]) return respondCpi(cpi[1].toUpperCase(), url, res);
    send(res, 404, { error: 'no such path' });
  }

  function respondCpi(country: string, url: URL, res: ServerResponse) {
    const values = fake.cpi[country];
    if (!values) {
      return send(res, 200, [
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
    send(res, 200, [
      { page, pages, per_page: perPage, total: years.length, sourceid: '2', lastupdated: '2026-07-01' },
      entries.length > 0 ? entries : null,
    ]);
  }

  await fake.start();
  return fake;
}
