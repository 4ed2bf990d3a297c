import { Button, Stack, Text, TextInput } from '@mantine/core';
import { SearchableSelect, type SelectItem, ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import { getTimeZones, type TimeZone } from '@vvo/tzdb';
import { useMemo, useState } from 'react';
// The output's type only: compute.ts (and temporal-polyfill with it) stays in the compute worker's chunk.
import type { TimezoneOutput } from './schema';

const UTC = 'Etc/UTC';

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A zone as a choice; its keywords, what a search matches (every word must), are its label, cities,
 * zone names (legacy ones too) and abbreviations, so "kolkata", "EST" or "uganda" find it.
 */
function optionOf(zone: TimeZone): SelectItem {
  const offset = offsetText(zone.currentTimeOffsetInMinutes);
  const cities = zone.mainCities.filter(Boolean).slice(0, 3).join(', ');
  const label =
    zone.name === UTC
      ? `${offset} · Coordinated Universal Time (UTC)`
      : `${offset} · ${cities} · ${zone.countryName} (${zone.alternativeName})`;
  const keywords = [
    label,
    ...zone.mainCities,
    ...zone.group.map((name) => name.replaceAll('_', ' ')),
    zone.abbreviation,
    zone.dstAbbreviation ?? '',
  ]
    .join(' ')
    .toLowerCase();
  return { value: zone.name, label, keywords };
}

/** Time zones grouped by continent (UTC first), each labelled with its offset, main cities and country. */
function zoneOptions(zones: TimeZone[]) {
  const groups = new Map<string, SelectItem[]>();
  for (const zone of zones) {
    const group = zone.continentName || 'UTC';
    groups.set(group, [...(groups.get(group) ?? []), optionOf(zone)]);
  }
  const order = (group: string) => (group === 'UTC' ? '' : group);
  return [...groups]
    .sort(([a], [b]) => order(a).localeCompare(order(b)))
    .map(([group, items]) => ({ group, items }));
}

/** The tzdb option a zone name belongs to (Asia/Calcutta → Asia/Kolkata, UTC → Etc/UTC), else the name. */
function optionValueOf(zone: string, zones: TimeZone[]): string {
  return (zones.find((z) => z.name === zone) ?? zones.find((z) => z.group.includes(zone)))?.name ?? zone;
}

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
  } catch {
    return UTC;
  }
}

/** Now as `YYYY-MM-DDTHH:mm` on the browser's clock, the datetime-local format. */
function nowLocal(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

export default function TimezoneConverterView() {
  const [initial] = useState(() => {
    const zones = getTimeZones({ includeUtc: true });
    const from = optionValueOf(browserZone(), zones);
    // To UTC by default; a browser that is on UTC itself gets London, the nearest zone with daylight saving.
    return { datetime: nowLocal(), from, to: from === UTC ? 'Europe/London' : UTC };
  });
  const form = useToolForm<typeof initial, TimezoneOutput>({ initial });

  // Offsets in the labels are those of the chosen day (summer and winter differ).
  const day = /^\d{4}-\d{2}-\d{2}/.exec(form.values.datetime)?.[0];
  const { zones, options } = useMemo(() => {
    const date = day ? new Date(`${day}T12:00:00`) : new Date();
    const zones = getTimeZones({ includeUtc: true, date: Number.isNaN(date.getTime()) ? new Date() : date });
    return { zones, options: zoneOptions(zones) };
  }, [day]);
  // A legacy or alias name (from a link or the browser) shows as its tzdb entry; one tzdb lacks, as itself.
  const shown = { from: optionValueOf(form.values.from, zones), to: optionValueOf(form.values.to, zones) };
  const others = [...new Set([shown.from, shown.to])].filter(
    (zone) => zone && !zones.some((z) => z.name === zone),
  );
  const data =
    others.length > 0
      ? [...options, { group: 'Other', items: others.map((zone) => ({ value: zone, label: zone })) }]
      : options;

  const select = (field: 'from' | 'to', label: string) => (
    <SearchableSelect
      label={label}
      placeholder="Search by city, country or zone"
      data={data}
      value={shown[field] || null}
      onChange={(value) => form.setValue(field, value)}
      nothingFound="No matching time zone"
      maxDropdownHeight={320}
    />
  );

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack>
        <TextInput type="datetime-local" label="Date and time" {...form.field('datetime')} />
        {select('from', 'From time zone')}
        {select('to', 'To time zone')}
        <Button type="submit" loading={form.pending}>
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
