import { useQuery } from '@tanstack/react-query';
import type { Country, CpiAnswer, Currency, RatesAnswer } from '../data-types';
import { useApi } from './api-context';

const HOUR = 60 * 60 * 1000;

/** Countries `{ name, code, currency }`, sorted by name; cached for the session. */
export function useCountries() {
  const api = useApi();
  return useQuery({
    queryKey: ['data', 'countries'],
    queryFn: ({ signal }) => api.get<Country[]>('/api/data/countries/', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** ISO 4217 currencies `{ code, description }`. */
export function useCurrencies() {
  const api = useApi();
  return useQuery({
    queryKey: ['data', 'currencies'],
    queryFn: ({ signal }) => api.get<Currency[]>('/api/data/currencies/', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Exchange rates against `base` (USD by default), with their date and source. */
export function useRates(base = 'USD') {
  const api = useApi();
  return useQuery({
    queryKey: ['data', 'rates', base],
    queryFn: ({ signal }) => api.get<RatesAnswer>('/api/data/rates/', { base }, signal),
    staleTime: HOUR,
  });
}

/** A country's consumer price index for the years start..end; disabled until all three are known. */
export function useCpi(country: string | undefined, start: number | undefined, end: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['data', 'cpi', country, start, end],
    queryFn: ({ signal }) => api.get<CpiAnswer>('/api/data/cpi/', { country, start, end }, signal),
    enabled: Boolean(country && start && end),
    staleTime: 24 * HOUR,
  });
}
