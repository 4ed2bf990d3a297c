import { byText } from '@toolbox/sdk';
import {
  Button,
  choicesFor,
  NumberField,
  SelectField,
  Stack,
  Text,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import type { ElectricityOutput } from './compute';
import { type PRICES_USD_PER_KWH, priceOf } from './prices';

/** English names of the sixteen priced countries: the list is fixed, so no call to the API. */
const COUNTRY_NAMES: Record<keyof typeof PRICES_USD_PER_KWH, string> = {
  AU: 'Australia',
  BR: 'Brazil',
  CA: 'Canada',
  CN: 'China',
  DE: 'Germany',
  FR: 'France',
  GB: 'United Kingdom',
  IN: 'India',
  IT: 'Italy',
  JP: 'Japan',
  KE: 'Kenya',
  NG: 'Nigeria',
  RU: 'Russia',
  UG: 'Uganda',
  US: 'United States',
  ZA: 'South Africa',
};

const COUNTRIES = Object.entries(COUNTRY_NAMES)
  .map(([code, name]) => ({ value: code, label: `${name} (${code})` }))
  .sort((a, b) => byText(a.label, b.label));

/** Uganda, as the spec's other country defaults. */
const initial = { consumptionKwh: '' as string | number, country: 'UG' };

export default function ElectricityCostView() {
  const form = useToolForm<typeof initial, ElectricityOutput>({ initial });
  const price = priceOf(form.values.country);
  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Consumption (kWh)" {...form.field('consumptionKwh')} min={0} />
        <SelectField
          label="Country"
          data={choicesFor(COUNTRIES, form.values.country)}
          {...form.field('country')}
        />
        <Text size="sm" data-testid="electricity-price">
          Average price per kWh: {price === undefined ? 'Loading or unavailable' : `$${price.toFixed(3)} USD`}
        </Text>
        <Button type="submit" busy={form.pending}>
          Calculate Cost
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text}>
        {form.result && (
          <Text size="sm" c="dimmed" mt="xs">
            {form.result.ifDailyText} (an average month of 30.44 days, a year of 365.25 days).
          </Text>
        )}
      </ToolOutcome>
    </form>
  );
}
