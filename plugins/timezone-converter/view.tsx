import {
  Button,
  SearchableSelect,
  Stack,
  Text,
  TextField,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import { useMemo, useState } from 'react';
import { currentZoneName } from './current-names';
// The output's type only: compute.ts stays in the compute worker's chunk.
import type { TimezoneOutput } from './schema';
import { runtimeZones, UTC, zoneGroups } from './zones';

/** Now as `YYYY-MM-DDTHH:mm` on the browser's clock, the datetime-local format. */
function nowLocal(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export default function TimezoneConverterView() {
  const [zones] = useState(runtimeZones);
  const [initial] = useState(() => {
    const from = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || UTC);
    // To UTC by default; a browser that is on UTC itself gets London, the nearest zone with daylight saving.
    return { datetime: nowLocal(), from, to: from === UTC ? 'Europe/London' : UTC };
  });
  // Its defaults (now, the visitor's own zone) are the visitor's, which the prerendered form is not:
  // the app answers it, with them.
  const form = useToolForm<typeof initial, TimezoneOutput>({ initial, early: false });
  /** The whole list is labelled once a zone field has had focus; until then, the chosen zones only. */
  const [listed, setListed] = useState(false);
  /** Countries, cities and abbreviations by zone name, loaded with the whole list. */
  const [places, setPlaces] = useState<Map<string, string>>();
  const openList = () => {
    if (listed) return;
    setListed(true);
    import('./places').then(
      (module) => setPlaces(module.placeKeywords()),
      () => undefined, // Offline without the chunk: the list still searches labels and zone names.
    );
  };

  // A link's old name (Asia/Calcutta) is the zone's current one, as listed (the compute says so too).
  const from = currentZoneName(form.values.from);
  const to = currentZoneName(form.values.to);
  // Offsets and names in the labels are those of the chosen day (summer and winter differ).
  const day = /^\d{4}-\d{2}-\d{2}/.exec(form.values.datetime)?.[0];
  const data = useMemo(() => {
    const noon = new Date(`${day}T12:00:00`);
    // Until a zone field has had focus, the chosen zones only: labelling ~400 zones takes a while.
    return zoneGroups(
      listed ? zones : [],
      [from, to],
      Number.isNaN(noon.getTime()) ? new Date() : noon,
      places,
    );
  }, [day, listed, places, zones, from, to]);

  const select = (field: 'from' | 'to', label: string) => (
    <SearchableSelect
      label={label}
      placeholder="Search by city, country or zone"
      data={data}
      value={(field === 'from' ? from : to) || null}
      onChange={(value) => form.setValue(field, value)}
      nothingFound="No matching time zone"
      maxDropdownHeight={320}
    />
  );

  return (
    <form {...form.formProps}>
      <Stack>
        <TextField type="datetime-local" label="Date and time" {...form.field('datetime')} />
        {/* Focus in either zone field (it bubbles) labels the whole list and loads the places; so
            does a search or an arrow key there made before the app had started (played back then). */}
        <Stack onFocus={openList} onChange={openList} onKeyDown={openList}>
          {select('from', 'From time zone')}
          {select('to', 'To time zone')}
        </Stack>
        <Button type="submit" busy={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text}>
        {form.result?.note && (
          <Text size="sm" c="dimmed" mt="xs">
            {form.result.note}
          </Text>
        )}
      </ToolOutcome>
    </form>
  );
}
