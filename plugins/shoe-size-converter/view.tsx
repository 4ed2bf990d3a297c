import {
  Button,
  choicesFor,
  Group,
  labelledChoices,
  RadioField,
  SearchableSelect,
  SelectField,
  Stack,
  ToolNote,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import type { ShoeSizeOutput } from './compute';
import { COUNTRY_CHOICES, type Country, countryOf, GENDERS, type Gender, SYSTEM_OF, sizes } from './sizes';

/** Spec 9: from US to EU. The size is picked by the user. */
const initial = { from: 'United States', to: 'France', gender: 'men', size: '' };

const GENDER_LABELS: Record<Gender, string> = { men: 'Men', women: 'Women' };
const GENDER_OPTIONS = labelledChoices(GENDERS, GENDER_LABELS);

/** The sizes of the from country's system, as select options ('8.5' labelled 'US 8.5'). */
function sizeOptions(from: string, gender: string) {
  const country = countryOf(from);
  if (!Object.hasOwn(SYSTEM_OF, country)) return [];
  const system = SYSTEM_OF[country as Country];
  return sizes(system, gender === 'women' ? 'women' : 'men').map((size) => ({
    value: String(size),
    label: `${system} ${size}`,
  }));
}

export default function ShoeSizeConverterView() {
  const form = useToolForm<typeof initial, ShoeSizeOutput>({ initial });
  const options = sizeOptions(form.values.from, form.values.gender);
  // A link's `from=US&to=EU` are the list's United States and France (compute reads them so too).
  const from = countryOf(form.values.from);
  const to = countryOf(form.values.to);

  /** A size that the new system or gender does not list is cleared rather than silently kept. */
  const change = (field: 'from' | 'gender', value: string) => {
    form.setValues((current) => {
      const next = { ...current, [field]: value };
      const listed = sizeOptions(next.from, next.gender).some((option) => option.value === String(next.size));
      return listed ? next : { ...next, size: '' };
    });
  };

  return (
    <form {...form.formProps}>
      <Stack>
        <Group grow>
          <SearchableSelect
            label="From"
            data={COUNTRY_CHOICES}
            value={from}
            onChange={(value) => change('from', value)}
            nothingFound="No such country"
          />
          <SearchableSelect
            label="To"
            data={COUNTRY_CHOICES}
            value={to}
            onChange={(value) => form.setValue('to', value as Country)}
            nothingFound="No such country"
          />
        </Group>
        <RadioField
          label="Gender"
          name="gender"
          value={form.values.gender}
          onChange={(value) => change('gender', value)}
          options={GENDER_OPTIONS}
        />
        {/* A short list: the native select, no search needed. */}
        <SelectField
          label="Size"
          data={
            form.values.size === ''
              ? [{ value: '', label: 'Pick a size', disabled: true }, ...options]
              : choicesFor(options, String(form.values.size))
          }
          value={String(form.values.size)}
          onChange={(event) => form.setValue('size', event.currentTarget.value)}
        />
        <Button type="submit" busy={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
      <ToolNote>
        Sizes follow the standard scales (EU Paris points, UK and US barleycorns). Brands differ by about half
        a size, so try shoes on when you can.
      </ToolNote>
    </form>
  );
}
