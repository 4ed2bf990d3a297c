/**
 * The outside data a tool's view gathers, on the server: the same services GET /api/data/rates/
 * and /api/data/cpi/ answer from (live provider when configured, its database cache, the offline
 * snapshot), so a tool computes over HTTP exactly as on its page.
 */
import type { ToolContext } from '@toolbox/sdk';
import { COUNTRY_CODES } from '../data/countries';
import { type CpiService, createCpiService } from '../data/cpi';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../data/fetch-json';
import { createRatesService, type RatesService } from '../data/rates';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { DataProviderOptions } from '../routes/data';

export interface DataServices {
  rates: RatesService;
  cpi: CpiService;
}

export function serverToolContext(
  db: Database,
  logger: Logger,
  services: DataServices,
  now = new Date(),
): ToolContext {
  return {
    today: now.toISOString().slice(0, 10),
    currentYear: now.getUTCFullYear(),
    rates: async () => (await services.rates.table(db, logger)).rates,
    // As GET /api/data/cpi/: an unknown country is never sent to the provider.
    cpi: async (country, start, end) =>
      COUNTRY_CODES.has(country)
        ? (await services.cpi.series(db, logger, country, start, end))?.series
        : undefined,
  };
}

/** The rates and CPI services for the tools, configured as /api/data's (RATES_URL, CPI_URL, DATA_TIMEOUT_MS). */
export function createDataServices(providers: DataProviderOptions = {}): DataServices {
  const timeoutMs = providers.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  return {
    rates: createRatesService({ url: providers.ratesUrl, timeoutMs, now: providers.now }),
    cpi: createCpiService({ url: providers.cpiUrl, timeoutMs, now: providers.now }),
  };
}
