import {
  Button,
  choicesFor,
  labelledChoices,
  SelectField,
  Stack,
  Text,
  TextField,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import { useCallback, useState } from 'react';
import type { AgeCalculatorOutput } from './compute';
import { MODE_LABELS, MODES } from './modes';

const initial = { mode: 'age', birthDate: '' };

const MODE_OPTIONS = labelledChoices(MODES, MODE_LABELS);

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date on the reader's own calendar (local time), as `YYYY-MM-DD`. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "Friday, 25 December 2026" for a `YYYY-MM-DD` date, in the reader's language. */
function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export default function AgeCalculatorView() {
  // Today comes from the clock at each calculation; it is never put in the URL.
  const extra = useCallback(() => ({ today: localToday() }), []);
  const [today] = useState(localToday);
  const form = useToolForm<typeof initial, AgeCalculatorOutput>({
    initial,
    extra,
    choices: { mode: MODE_OPTIONS.map(({ value }) => value) },
  });
  const result = form.result;
  return (
    <form {...form.formProps}>
      <Stack>
        <SelectField label="Mode" data={choicesFor(MODE_OPTIONS, form.values.mode)} {...form.field('mode')} />
        <TextField type="date" label="Birth date" {...form.field('birthDate')} max={today} />
        <Button type="submit" busy={form.pending}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={result?.text}>
        {result && 'years' in result && (
          <Stack gap={4} mt="xs">
            <Text>
              {plural(result.years, 'year', 'years')}, {plural(result.months, 'month', 'months')},{' '}
              {plural(result.days, 'day', 'days')}
            </Text>
            <Text c="dimmed" size="sm">
              Total days: {result.totalDays.toLocaleString()}
            </Text>
          </Stack>
        )}
        {result && 'nextBirthday' in result && (
          <Text c="dimmed" size="sm" mt="xs">
            {result.daysRemaining === 0 ? 'Happy birthday! ' : ''}
            {longDate(result.nextBirthday)}
          </Text>
        )}
      </ToolOutcome>
    </form>
  );
}
