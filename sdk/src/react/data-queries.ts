import type { Country, CpiAnswer, Currency, RatesAnswer } from '../data-types';
import { useApi } from './api-context';
import { useCachedData } from './cached-data';

const HOUR = 60 * 60 * 1000;

/** Countries `{ name, code, currency }`, sorted by name; cached for the session. */
export function useCountries({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useCachedData(['data', 'countries'], () => api.get<Country[]>('/api/data/countries/'), {
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** ISO 4217 currencies `{ code, description }`. */
export function useCurrencies() {
  const api = useApi();
  return useCachedData(['data', 'currencies'], () => api.get<Currency[]>('/api/data/currencies/'), {
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Exchange rates against `base` (USD by default), with their date and source; none fetched while not `enabled`. */
export function useRates(base = 'USD', { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useCachedData(['data', 'rates', base], () => api.get<RatesAnswer>('/api/data/rates/', { base }), {
    staleTime: HOUR,
    enabled,
  });
}

/** A country's consumer price index for the years start..end; disabled until all three are known. */
export function useCpi(country: string | undefined, start: number | undefined, end: number | undefined) {
  const api = useApi();
  return useCachedData(
    ['data', 'cpi', country, start, end],
    () => api.get<CpiAnswer>('/api/data/cpi/', { country, start, end }),
    { enabled: Boolean(country && start && end), staleTime: 24 * HOUR },
  );
}
