import { currencyCode } from '@toolbox/sdk';
import {
  Button,
  IconButton,
  NumberField,
  SearchableSelect,
  Stack,
  Text,
  ToolOutcome,
  useAnswerWhenDataArrives,
  useCurrencies,
  useRates,
  useToolForm,
} from '@toolbox/sdk/react';
import { useCallback, useMemo } from 'react';
import type { CurrencyOutput } from './compute';
import { NO_CURRENCY_LIST, NO_RATE } from './messages';
import { convertibleCurrencies, currencyOptions } from './options';
import classes from './view.module.css';

/** Spec 9: currency defaults to UGX; converting from US dollars is the common case. */
const initial = { amount: '' as string | number, from: 'USD', to: 'UGX' };

function SwapIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M7 4v16M7 4 3 8M7 4l4 4M17 20V4M17 20l-4-4M17 20l4-4" />
    </svg>
  );
}

export default function CurrencyConverterView() {
  const currencies = useCurrencies();
  const rates = useRates();
  const extra = useCallback(() => ({ rates: rates.data?.rates }), [rates.data]);
  // A shared link arriving before the rates, or a press made before them, is answered once they are here.
  const form = useToolForm<typeof initial, CurrencyOutput>({
    initial,
    extra,
    ready: Boolean(rates.data),
    waiting: rates.isPending,
  });
  useAnswerWhenDataArrives(form, rates, NO_RATE);

  // A link's `from=eur` is the list's EUR (compute reads it so too).
  const from = currencyCode(form.values.from);
  const to = currencyCode(form.values.to);
  // Only currencies with a rate are offered; before either the rates or the list has arrived (the
  // prerendered page) the chosen codes stand in, so no field shows blank.
  const listed = useMemo(
    () => convertibleCurrencies(rates.data?.rates, currencies.data),
    [rates.data, currencies.data],
  );
  const options = useMemo(
    () => listed ?? currencyOptions([{ code: from }, { code: to }]),
    [listed, from, to],
  );
  // Until then a search says the list is coming, and an Enter over it picks once it has.
  const loading = !listed && (currencies.isPending || rates.isPending);

  const swap = () => {
    const swapped = { ...form.values, from: form.values.to, to: form.values.from };
    form.setValues(swapped);
    if (form.result) void form.submit(undefined, swapped);
  };

  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Amount" {...form.field('amount')} above={0} />
        <div className={classes.pair}>
          <SearchableSelect
            label="From"
            data={options}
            value={from}
            onChange={(value) => form.setValue('from', value)}
            nothingFound="No such currency"
            loading={loading}
            loadingLabel="Loading currencies…"
          />
          <div className={classes.swap}>
            <IconButton
              variant="default"
              size="input-sm"
              onClick={swap}
              aria-label="Swap currencies"
              title="Swap currencies"
            >
              <SwapIcon />
            </IconButton>
          </div>
          <SearchableSelect
            label="To"
            data={options}
            value={to}
            onChange={(value) => form.setValue('to', value)}
            nothingFound="No such currency"
            loading={loading}
            loadingLabel="Loading currencies…"
          />
        </div>
        {currencies.isError && (
          <Text role="alert" c="var(--mantine-color-error)" size="sm">
            {NO_CURRENCY_LIST}
          </Text>
        )}
        {/* Once a press has answered with the same message, it is said there, once. */}
        {rates.isError && form.error !== NO_RATE && (
          <Text role="alert" c="var(--mantine-color-error)" size="sm">
            {NO_RATE}
          </Text>
        )}
        <Button type="submit" busy={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text}>
        {form.result && (
          <Text size="sm" c="dimmed" mt="xs" data-testid="currency-rate">
            {form.result.rateText}
            {rates.data && ` · rates of ${rates.data.date}, ${rates.data.source}`}
          </Text>
        )}
      </ToolOutcome>
    </form>
  );
}
