import { VisuallyHidden } from './layout';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberFieldProps
  extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'> {
  /** The field's text; a number (from a shared link or a default) is shown as its text. */
  value: string | number;
  /** The raw text as typed: the tool's compute validates it and gives the tool's own message. */
  onChange: (value: string) => void;
  /** The smallest sensible value: told to screen readers, never enforced (compute checks it). */
  min?: number;
  /**
   * A bound the value must be above, itself refused (an amount, a height: more than 0), in place of
   * `min` and `max`: told to screen readers, never enforced.
   */
  above?: number;
  /** The largest sensible value: told to screen readers, never enforced (compute checks it). */
  max?: number;
  /**
   * A value below zero is an everyday answer (−40 °C): phones are offered a keyboard with a minus
   * sign, which the decimal keypad of iPhones lacks.
   */
  signed?: boolean;
}

/** "0 or more", "more than 0", "1900 to 2026", "100 or less". */
function rangeHint(
  min: number | undefined,
  above: number | undefined,
  max: number | undefined,
): string | undefined {
  if (above !== undefined) return `more than ${above}`;
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `${min} or more`;
  if (max !== undefined) return `${max} or less`;
  return undefined;
}

/**
 * A light number field: a text input with the decimal keypad on phones (or, `signed`, a keyboard
 * with a minus sign). Whatever is typed reaches the form as text, and the tool's compute decides
 * whether it is a number in range, so every mistake gets the tool's own message (no silent
 * clamping or dropped characters).
 */
export function NumberField({
  value,
  onChange,
  min,
  above,
  max,
  signed,
  description,
  ...props
}: NumberFieldProps) {
  const hint = rangeHint(min, above, max);
  // With a visible description the range is added to it, hidden; without one it is the input's own
  // accessible description (a text input takes no aria-valuemin/max).
  const describedHint =
    hint !== undefined && description ? (
      <>
        {description}
        <VisuallyHidden> ({hint})</VisuallyHidden>
      </>
    ) : (
      description
    );
  return (
    <TextField
      inputMode={signed ? 'text' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      aria-description={hint !== undefined && !description ? hint : undefined}
      {...props}
      description={describedHint}
      value={String(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
