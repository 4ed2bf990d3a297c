import { err, numeric, ok, type Result, validate } from '@toolbox/sdk';
import * as v from 'valibot';
import {
  COUNTRIES,
  countryOf,
  GENDERS,
  lastInches,
  roundSize,
  type SizeSystem,
  SYSTEM_OF,
  sizeOf,
} from './sizes';

const MISSING = 'Please fill all fields.';

/** The adult scales start at UK 0 (a last of 8⅓ inches): smaller sizes are children's sizes. */
const SMALLEST_LAST_INCHES = 25 / 3;

/** A country by its name or size system, as `countryOf` reads a link's. */
const country = v.pipe(v.string(MISSING), v.transform(countryOf), v.picklist(COUNTRIES, MISSING));

export const inputSchema = v.object(
  {
    from: country,
    to: country,
    size: v.pipe(numeric(MISSING), v.gtValue(0, MISSING)),
    gender: v.optional(v.picklist(GENDERS, MISSING), 'men'),
    // A missing field (or no object at all) gets the same message.
  },
  MISSING,
);

export type ShoeSizeInput = v.InferInput<typeof inputSchema>;
export interface ShoeSizeOutput {
  size: number;
  system: SizeSystem;
  /** `Converted Size: X (US|UK|EU)`. */
  text: string;
}

export function compute(input: ShoeSizeInput): Result<ShoeSizeOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { from, to, size, gender } = parsed.value;
  const fromSystem = SYSTEM_OF[from];
  const system = SYSTEM_OF[to];
  const inches = lastInches(size, fromSystem, gender);
  // A size below the adult scale is no size of these systems (it would convert to a negative one).
  if (inches < SMALLEST_LAST_INCHES - 1e-9) return err(MISSING);
  const converted = roundSize(fromSystem === system ? size : sizeOf(inches, system, gender), system);
  return ok({ size: converted, system, text: `Converted Size: ${converted} (${system})` });
}
