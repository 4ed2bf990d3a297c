import { err, ok, type Result, validate } from '@toolbox/sdk';
import { Temporal } from 'temporal-polyfill';
import { inputSchema, type TimezoneInput, type TimezoneOutput } from './schema';

export { inputSchema, type TimezoneInput, type TimezoneOutput } from './schema';

const UNKNOWN_ZONE = 'Could not retrieve timezone offsets';
const NOT_A_TIME = 'Conversion failed';

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const NANOSECONDS_PER_MINUTE = 60_000_000_000;

/** The zone id when the runtime's time zone data knows it (case-insensitive), else undefined. */
function knownZone(zone: string): string | undefined {
  try {
    return Temporal.ZonedDateTime.from({ year: 2000, month: 1, day: 1, timeZone: zone }).timeZoneId;
  } catch {
    return undefined;
  }
}

/** `+HH:MM` of an offset; historical offsets with seconds (local mean time) round to the minute. */
function formatOffset(offsetNanoseconds: number): string {
  const minutes = Math.round(Math.abs(offsetNanoseconds) / NANOSECONDS_PER_MINUTE);
  const sign = offsetNanoseconds < 0 && minutes > 0 ? '-' : '+';
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

/** `YYYY-MM-DDTHH:mm` of a wall time. */
function wallTime(time: Temporal.ZonedDateTime | Temporal.PlainDateTime): string {
  const plain = time instanceof Temporal.ZonedDateTime ? time.toPlainDateTime() : time;
  return plain.toString({ smallestUnit: 'minute' });
}

function readable(datetime: string): string {
  return datetime.replace('T', ' ');
}

export function compute(input: TimezoneInput): Result<TimezoneOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const from = knownZone(parsed.value.from);
  const to = knownZone(parsed.value.to);
  if (from === undefined || to === undefined) return err(UNKNOWN_ZONE);
  if (!DATETIME.test(parsed.value.datetime)) return err(NOT_A_TIME);

  let local: Temporal.PlainDateTime;
  try {
    local = Temporal.PlainDateTime.from(parsed.value.datetime, { overflow: 'reject' });
  } catch {
    return err(NOT_A_TIME);
  }
  // 'compatible': a time in a spring-forward gap moves forward by the gap; an ambiguous time
  // (the hour repeated when clocks go back) takes the earlier instant.
  const start = local.toZonedDateTime(from, { disambiguation: 'compatible' });
  const target = start.withTimeZone(to);
  const later = local.toZonedDateTime(from, { disambiguation: 'later' });

  const fromDatetime = wallTime(start);
  const fromOffset = formatOffset(start.offsetNanoseconds);
  const toOffset = formatOffset(target.offsetNanoseconds);
  const datetime = wallTime(target);
  let note: string | undefined;
  if (!start.toPlainDateTime().equals(local)) {
    note = `${readable(wallTime(local))} does not exist in ${from} (clocks move forward); ${readable(fromDatetime)} is used.`;
  } else if (!later.equals(start)) {
    note = `${readable(wallTime(local))} happens twice in ${from} (clocks move back); the earlier one, UTC${fromOffset}, is used.`;
  }
  const text = [
    `Converted Time: ${readable(datetime)} ${to} (UTC${toOffset})`,
    `From: ${readable(fromDatetime)} ${from} (UTC${fromOffset})`,
  ].join('\n');
  return ok({ datetime, fromDatetime, fromOffset, toOffset, text, ...(note ? { note } : {}) });
}
