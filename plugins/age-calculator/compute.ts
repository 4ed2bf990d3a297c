import { ok, type Result, refusal, type ToolContext } from '@toolbox/sdk';
import * as v from 'valibot';
import { MODE_LABELS, MODES } from './modes';

const SELECT_DATE = 'Please select your birth date';
const IN_FUTURE = 'Birth date cannot be in the future';
const NO_TODAY = "Today's date is missing";
const BAD_TODAY = "Today's date must be a date written YYYY-MM-DD";
const BAD_MODE = `Please choose ${MODES.map((mode) => MODE_LABELS[mode]).join(' or ')}`;

/** A calendar date, days counted without time zones. */
interface CivilDate {
  year: number;
  month: number; // 1–12
  day: number;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Reads `YYYY-MM-DD` as a real calendar date (2023-02-29 and 2023-13-01 are not). */
export function parseDate(text: unknown): CivilDate | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const formatDate = ({ year, month, day }: CivilDate) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Days since 0000-03-01 of the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
function dayNumber({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra;
}

const compare = (a: CivilDate, b: CivilDate) => dayNumber(a) - dayNumber(b);

/** The date of `day` in a month, moved to the month's last day when the month is shorter (31 → 30, 29 Feb → 28). */
const clampedDate = (year: number, month: number, day: number): CivilDate => ({
  year,
  month,
  day: Math.min(day, daysInMonth(year, month)),
});

/** The birthday in `year`: 29 February is 28 February in a common year. */
const birthdayIn = (birth: CivilDate, year: number) => clampedDate(year, birth.month, birth.day);

/** The month-day `months` months after the birthday in `year` (the birth's day, clamped to the month). */
function monthDayAfter(birth: CivilDate, year: number, months: number): CivilDate {
  const index = birth.month - 1 + months;
  return clampedDate(year + Math.floor(index / 12), (index % 12) + 1, birth.day);
}

/** Not sent: missing, null or only spaces. */
const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

const dateField = (message: string) =>
  v.pipe(
    v.optional(v.unknown(), ''),
    v.check((x) => parseDate(x) !== undefined, message),
    v.transform((x) => parseDate(x) as CivilDate),
  );

export const inputSchema = v.pipe(
  v.object(
    {
      mode: v.pipe(v.optional(v.unknown(), ''), v.picklist(MODES, BAD_MODE)),
      birthDate: dateField(SELECT_DATE),
      today: v.pipe(
        v.optional(v.unknown(), ''),
        v.check((x) => !isBlank(x), NO_TODAY),
        v.check((x) => isBlank(x) || parseDate(x) !== undefined, BAD_TODAY),
        v.transform((x) => parseDate(x) as CivilDate),
      ),
    },
    SELECT_DATE,
  ),
  v.check((x) => compare(x.birthDate, x.today) <= 0, IN_FUTURE),
);

export type AgeInput = v.InferInput<typeof inputSchema>;

export interface AgeOutput {
  years: number;
  months: number;
  days: number;
  totalDays: number;
  text: string;
}
export interface BirthdayOutput {
  nextBirthday: string;
  daysRemaining: number;
  text: string;
}
export type AgeCalculatorOutput = AgeOutput | BirthdayOutput;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Years, months and days since birth: the age drops by one while this year's birthday is ahead. */
export function age(birth: CivilDate, today: CivilDate): AgeOutput {
  const birthdayThisYear = birthdayIn(birth, today.year);
  const lastBirthdayYear = compare(today, birthdayThisYear) >= 0 ? today.year : today.year - 1;
  const years = lastBirthdayYear - birth.year;
  // Whole months since the last birthday: the latest month-day on or before today (0–11).
  let months = 0;
  let anchor = birthdayIn(birth, lastBirthdayYear);
  for (let m = 1; m < 12; m++) {
    const next = monthDayAfter(birth, lastBirthdayYear, m);
    if (compare(next, today) > 0) break;
    months = m;
    anchor = next;
  }
  return {
    years,
    months,
    days: compare(today, anchor),
    totalDays: compare(today, birth),
    text: `Your age is: ${plural(years, 'year', 'years')}`,
  };
}

/** The next birthday on or after today (today's birthday counts: 0 days). */
export function nextBirthday(birth: CivilDate, today: CivilDate): BirthdayOutput {
  let next = birthdayIn(birth, today.year);
  if (compare(next, today) < 0) next = birthdayIn(birth, today.year + 1);
  const date = formatDate(next);
  const daysRemaining = compare(next, today);
  return {
    nextBirthday: date,
    daysRemaining,
    text: `Your next birthday is on: ${date}\nDays remaining: ${plural(daysRemaining, 'day', 'days')}`,
  };
}

export function compute(input: AgeInput): Result<AgeCalculatorOutput> {
  const parsed = v.safeParse(inputSchema, input);
  if (!parsed.success) return refusal(parsed.issues, SELECT_DATE);
  const { mode, birthDate, today } = parsed.output;
  return ok(mode === 'age' ? age(birthDate, today) : nextBirthday(birthDate, today));
}

/**
 * Off the browser: today's date, as the view takes it from its clock, unless the caller sent its
 * own (`today`, `YYYY-MM-DD`: a person's day can differ from the server's).
 */
export async function gather(input: Record<string, unknown>, context: ToolContext) {
  // Anything else sent stays, for the compute to refuse when it is not a date.
  return { ...input, today: isBlank(input.today) ? context.today : input.today };
}
