import { err, ok, type Result, validate } from '@toolbox/sdk';
import { currentZoneName } from './current-names';
import { inputSchema, type TimezoneInput, type TimezoneOutput } from './schema';

export { inputSchema, type TimezoneInput, type TimezoneOutput } from './schema';

const UNKNOWN_ZONE = 'Could not retrieve timezone offsets';
const NOT_A_TIME = 'Conversion failed';

const DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/**
 * A zone as the runtime's own time zone data (`Intl`) knows it: its name, and its clock, the wall
 * time it shows at an instant (milliseconds since the epoch) written as milliseconds since the epoch
 * as if that wall time were UTC. `clock(t) - t` is the zone's offset at `t`.
 */
interface Zone {
  name: string;
  clock: (instant: number) => number;
}

/**
 * An IANA zone name in any letter case, else undefined. Fixed offsets ("+05:30") are no zone names,
 * and neither are ICU's three-letter ids for countries and regions (IST, PST, AET…). A renamed zone
 * is called by its current name (Asia/Calcutta, asia/kolkata → Asia/Kolkata); any other name is the
 * runtime's spelling when it differs from the one given only in letter case (america/new_york →
 * America/New_York), else the one given: runtimes may call a zone by another of its names
 * (US/Eastern → America/New_York), and the name given is kept.
 */
function zoneOf(given: string): Zone | undefined {
  if (
    !/^[a-z]/i.test(given) ||
    /^(A[CEGRS]|B[ES]|C[ANST]|E[AC]|I[ES]|JS|MI|N[ES]|P[LNRS]|SS|VS)T$/i.test(given)
  )
    return undefined;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: given,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return undefined;
  }
  const runtime = format.resolvedOptions().timeZone;
  return {
    name: currentZoneName(runtime.toLowerCase() === given.toLowerCase() ? runtime : given),
    clock: (instant) => {
      // era: 1 for BC (1 BC is year 0, 2 BC year -1), 0 for AD.
      const part: Record<string, number> = {};
      for (const { type, value } of format.formatToParts(instant))
        part[type] = type === 'era' ? +/B/.test(value) : +value;
      const { era = 0, year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0 } = part;
      // Gregorian all the way back, as Date counts and Intl writes; years 0–99 set in full, not as 19xx.
      const wall = new Date(0);
      wall.setUTCFullYear(era ? 1 - year : year, month - 1, day);
      return wall.setUTCHours(hour, minute, second);
    },
  };
}

/** `YYYY-MM-DDTHH:mm` of a wall time (±YYYYYY past year 9999 or before year 0, as ISO 8601 writes them). */
const wallTime = (wall: number) => new Date(wall).toISOString().slice(0, -8);

/** `+HH:MM` of an offset; historical offsets with seconds (local mean time) round to the minute. */
function formatOffset(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / MINUTE);
  return `${offset < 0 && minutes ? '-' : '+'}${wallTime(minutes * MINUTE).slice(11)}`;
}

const readable = (datetime: string) => datetime.replace('T', ' ');

export function compute(input: TimezoneInput): Result<TimezoneOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const from = zoneOf(parsed.value.from);
  const to = zoneOf(parsed.value.to);
  if (!from || !to) return err(UNKNOWN_ZONE);

  const given = parsed.value.datetime;
  // The wall time as UTC. A day past the month's end or 24:00 rolls over, and is caught by reading
  // it back; anything else that is no date and time is NaN.
  const local = Date.parse(`${given}Z`);
  if (!DATETIME.test(given) || Number.isNaN(local) || wallTime(local) !== given.slice(0, 16)) {
    return err(NOT_A_TIME);
  }
  const asGiven = wallTime(local);

  // The instants whose wall time in `from` is `local`: one, two in a fold (clocks go back), none in a
  // gap (clocks go forward). The offsets a day before and after are the ones either side of any change.
  const before = local - (from.clock(local - DAY) - (local - DAY));
  const after = local - (from.clock(local + DAY) - (local + DAY));
  const instants = [...new Set([before, after])].filter((t) => from.clock(t) === local).sort((a, b) => a - b);
  // In a gap the offset in force before it carries the wall time forward by the gap; in a fold the
  // earlier instant is taken.
  const instant = instants[0] ?? before;

  const fromWall = from.clock(instant);
  const fromDatetime = wallTime(fromWall);
  const fromOffset = formatOffset(fromWall - instant);
  const toWall = to.clock(instant);
  const datetime = wallTime(toWall);
  const toOffset = formatOffset(toWall - instant);
  let note: string | undefined;
  if (instants.length === 0) {
    note = `${readable(asGiven)} does not exist in ${from.name} (clocks move forward); ${readable(fromDatetime)} is used.`;
  } else if (instants.length > 1) {
    note = `${readable(asGiven)} happens twice in ${from.name} (clocks move back); the earlier one, UTC${fromOffset}, is used.`;
  }
  const text = [
    `Converted Time: ${readable(datetime)} ${to.name} (UTC${toOffset})`,
    `From: ${readable(fromDatetime)} ${from.name} (UTC${fromOffset})`,
  ].join('\n');
  return ok({ datetime, fromDatetime, fromOffset, toOffset, text, ...(note ? { note } : {}) });
}
