import { useDebouncedValue } from '@mantine/hooks';
import { ApiError, currencyCode, type PlaceAnswer, type RouteAnswer, rateOf, withReason } from '@toolbox/sdk';
import {
  Button,
  FieldRow,
  Group,
  labelledChoices,
  NumberField,
  SelectField,
  Stack,
  Text,
  TextField,
  ToolOutcome,
  useApi,
  useCachedData,
  useCountries,
  useRates,
  useToolForm,
} from '@toolbox/sdk/react';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
// The output's type only: compute.ts (and valibot with it) stays in the compute worker's chunk.
import type { FuelOutput } from './compute';
import { RouteMap, routeQuery } from './route-map';
import {
  DEFAULT_KM_PER_LITRE,
  DEFAULT_PRICE_USD_PER_LITRE,
  EFFICIENCY_UNIT_LABELS,
  EFFICIENCY_UNITS,
  type EfficiencyUnit,
  fuelFigures,
  NO_ROUTE,
} from './units';

const EFFICIENCY_UNIT_OPTIONS = labelledChoices(EFFICIENCY_UNITS, EFFICIENCY_UNIT_LABELS);

/** Spec 9: Uganda and its shilling by default; 12 km a litre. An empty price means the default price. */
const initial = {
  from: '',
  to: '',
  country: 'UG',
  currency: 'UGX',
  efficiency: String(DEFAULT_KM_PER_LITRE) as string | number,
  unit: 'kmpl' as EfficiencyUnit,
  price: '' as string | number,
};

/** The form's efficiency and price reach compute converted, under compute's own keys. */
const computeKeys = { kmPerLitre: 'efficiency', priceUsdPerLitre: 'price' } as const;

/**
 * The place lookup's own answer about what was typed: a place it does not know (404, "Location not
 * found: …") or a query it refuses (400, e.g. too long). Anything else is the route that failed.
 */
const placeRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

interface Trip {
  from: PlaceAnswer;
  to: PlaceAnswer;
  route: RouteAnswer;
}

/**
 * A place input offering the gazetteer's places as the person types, through the browser's own
 * suggestion list (a `datalist`: no list code in the page).
 */
function PlaceInput({
  label,
  placeholder,
  value,
  country,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  country: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const api = useApi();
  const listId = useId();
  // Places are suggested for what the person types, not for a place a shared link filled in.
  const [typing, setTyping] = useState(false);
  const [typed] = useDebouncedValue(value.trim(), 200);
  const suggestions = useCachedData(
    ['data', 'places', typed, country],
    () => api.get<PlaceAnswer[]>('/api/data/places/', { q: typed, country }),
    { enabled: typing && typed.length >= 2, staleTime: Number.POSITIVE_INFINITY },
  );
  const names = useMemo(
    () => [...new Set((suggestions.data ?? []).map((place) => place.name))],
    [suggestions.data],
  );
  return (
    <>
      <TextField
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setTyping(true);
          onChange(event);
        }}
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId} data-testid={`${label} suggestions`}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

export default function FuelCostConverterView() {
  const api = useApi();
  const countries = useCountries();
  const rates = useRates();
  const [trip, setTrip] = useState<Trip>();
  const [lookupError, setLookupError] = useState<string>();
  const [looking, setLooking] = useState(false);
  /** The fields gathered at run time (distance, efficiency in km/l, price in USD, rate), read by `extra`. */
  const gathered = useRef<Record<string, unknown>>({});
  const extra = useCallback(() => gathered.current, []);
  /** A shared link's trip is found (below): its result may be computed. */
  const [linkReady, setLinkReady] = useState(false);
  const form = useToolForm<typeof initial, FuelOutput>({
    initial,
    extra,
    ready: linkReady,
    computeKeys,
  });
  const { values } = form;

  // A link may write the code in lower case (currency=ugx): it is the table's UGX all the same.
  const usdRateOf = useCallback((currency: string) => rateOf(rates.data?.rates, currency), [rates.data]);
  const currency = currencyCode(values.currency);

  const countryOptions = useMemo(
    () => (countries.data ?? []).map(({ name, code }) => ({ value: code, label: `${name} (${code})` })),
    [countries.data],
  );
  const currencyOptions = useMemo(() => {
    const codes = new Set(Object.keys(rates.data?.rates ?? {}));
    if (currency) codes.add(currency);
    return [...codes].sort();
  }, [rates.data, currency]);

  /** Finds the places and the route; undefined (with a message) when it cannot. */
  const findTrip = useCallback(
    async (input: typeof initial): Promise<Trip | undefined> => {
      setLookupError(undefined);
      try {
        const [from, to] = await Promise.all(
          [input.from, input.to].map((q) =>
            api.get<PlaceAnswer>('/api/data/geocode/', { q: q.trim(), country: input.country }),
          ),
        );
        if (!from || !to) throw new Error(NO_ROUTE);
        const route = await api.get<RouteAnswer>('/api/data/route/', routeQuery(from, to));
        const found = { from, to, route };
        setTrip(found);
        return found;
      } catch (error) {
        setTrip(undefined);
        setLookupError(placeRefused(error) ? error.message : withReason(NO_ROUTE, error));
        return undefined;
      }
    },
    [api],
  );

  /** Gathers what compute needs beside the form's fields: the trip's distance, and the rates as known now. */
  const gather = useCallback(
    (input: typeof initial, found: Trip) => {
      const rate = usdRateOf(input.currency);
      gathered.current = {
        distanceMeters: found.route.distance_m,
        ...fuelFigures(input.efficiency, input.price, input.unit, rate),
        usdRate: rate,
        currency: currencyCode(input.currency),
      };
    },
    [usdRateOf],
  );

  const { submit, keepInAddress } = form;
  const calculate = async (input: typeof initial) => {
    setLooking(true);
    try {
      const found = await findTrip(input);
      // Refused before compute (a place not found): what was typed is kept in the link all the same.
      if (!found) return keepInAddress(input);
      gather(input, found);
      await submit(undefined, input);
    } finally {
      setLooking(false);
    }
  };

  // A shared link with both places: its trip is looked up at once, while the rates arrive; once
  // both are known (the rates perhaps known to be missing), `ready` lets the form compute its result.
  const linkInput = useRef(values.from.trim() !== '' && values.to.trim() !== '' ? values : undefined);
  const [linkTrip, setLinkTrip] = useState<{ input: typeof initial; found: Trip }>();
  useEffect(() => {
    const input = linkInput.current;
    if (!input) return;
    linkInput.current = undefined;
    setLooking(true);
    void findTrip(input).then((found) => {
      if (found) setLinkTrip({ input, found });
      else setLooking(false);
    });
  }, [findTrip]);
  const ratesSettled = rates.isSuccess || rates.isError;
  useEffect(() => {
    if (!linkTrip || !ratesSettled) return;
    gather(linkTrip.input, linkTrip.found);
    setLinkTrip(undefined);
    setLinkReady(true);
    setLooking(false);
  }, [linkTrip, ratesSettled, gather]);

  const setCountry = (code: string) => {
    if (!code) return;
    const used = countries.data?.find((country) => country.code === code)?.currency;
    form.setValues((current) => ({ ...current, country: code, currency: used ?? current.currency }));
  };

  const rate = usdRateOf(currency);
  const defaultPrice = `${(DEFAULT_PRICE_USD_PER_LITRE * (rate ?? 1)).toFixed(2)} (${DEFAULT_PRICE_USD_PER_LITRE} USD)`;
  const bothPlaces = values.from.trim() !== '' && values.to.trim() !== '';
  const error = lookupError ?? form.error;
  const shown = error === undefined ? form.result : undefined;

  return (
    <form
      // The tool's mark (a shared link's compute loads as the page opens), with its own submit.
      {...form.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        void calculate(values);
      }}
    >
      <Stack>
        <FieldRow stackOnPhones>
          <PlaceInput
            label="Start location"
            placeholder="Enter start location (e.g. Kampala)"
            country={values.country}
            {...form.field('from')}
          />
          <PlaceInput
            label="End location"
            placeholder="Enter end location (e.g. Mbale)"
            country={values.country}
            {...form.field('to')}
          />
        </FieldRow>
        <FieldRow stackOnPhones>
          <SelectField
            label="Country"
            data={countryOptions.length > 0 ? countryOptions : [{ value: '', label: 'Loading countries...' }]}
            value={countryOptions.length > 0 ? values.country : ''}
            onChange={(event) => setCountry(event.currentTarget.value)}
          />
          <SelectField label="Currency" data={currencyOptions} {...form.field('currency')} value={currency} />
        </FieldRow>
        {countries.isError && (
          <Text role="alert" c="var(--mantine-color-error)" size="sm">
            Failed to load countries
          </Text>
        )}
        <Group grow align="flex-start">
          <NumberField label="Fuel efficiency" {...form.field('efficiency')} above={0} />
          <SelectField label="Efficiency unit" data={EFFICIENCY_UNIT_OPTIONS} {...form.field('unit')} />
        </Group>
        <NumberField
          label={`Fuel price per litre (${currency})`}
          description={`Empty: ${defaultPrice}${rates.data ? `, at the rates of ${rates.data.date}` : ''}`}
          {...form.field('price')}
          above={0}
        />
        <Button type="submit" disabled={!bothPlaces} loading={looking || form.pending}>
          Calculate Fuel Cost
        </Button>
      </Stack>
      <ToolOutcome error={error} text={shown?.text}>
        {shown && trip && (
          <>
            <Text size="sm" c="dimmed" mt="xs" data-testid="fuel-source">
              {trip.from.name} → {trip.to.name}:{' '}
              {trip.route.source === 'estimate'
                ? 'estimated road distance (the straight distance × a typical road factor; no road data)'
                : `road distance from ${trip.route.source}`}
            </Text>
            <RouteMap from={trip.from} to={trip.to} />
          </>
        )}
      </ToolOutcome>
    </form>
  );
}
