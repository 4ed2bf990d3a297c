import { err, numeric, ok, type Result, round, toShortText, validate } from '@toolbox/sdk';
import * as v from 'valibot';
import { SCALES, type Scale } from './scales';

const INVALID = 'Please enter a valid number';
const BELOW_ABSOLUTE_ZERO = 'Temperature cannot be below absolute zero';

export const inputSchema = v.object({
  value: numeric(INVALID),
  from: v.picklist(SCALES, INVALID),
  to: v.picklist(SCALES, INVALID),
});

export type TemperatureInput = v.InferInput<typeof inputSchema>;
export interface TemperatureOutput {
  value: number;
  text: string;
}

const SYMBOL: Record<Scale, string> = { Celsius: '°C', Fahrenheit: '°F', Kelvin: 'K' };

function toKelvin(value: number, from: Scale): number {
  if (from === 'Celsius') return value + 273.15;
  if (from === 'Fahrenheit') return ((value + 459.67) * 5) / 9;
  return value;
}

function fromKelvin(kelvin: number, to: Scale): number {
  if (to === 'Celsius') return kelvin - 273.15;
  if (to === 'Fahrenheit') return (kelvin * 9) / 5 - 459.67;
  return kelvin;
}

export function compute(input: TemperatureInput): Result<TemperatureOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { value, from, to } = parsed.value;
  const kelvin = toKelvin(value, from);
  // Settled at 12 significant digits so -459.67 °F is exactly 0 K, not -5.7e-14.
  if (Number(kelvin.toPrecision(12)) < 0) return err(BELOW_ABSOLUTE_ZERO, 'value');
  const converted = round(from === to ? value : fromKelvin(kelvin, to), 2);
  return ok({
    value: converted,
    text: `${toShortText(value, 10)} ${SYMBOL[from]} = ${converted.toFixed(2)} ${SYMBOL[to]}`,
  });
}
