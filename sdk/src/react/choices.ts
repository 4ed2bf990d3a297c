import type { ComboboxItem } from '@mantine/core';

export type Choice = string | ComboboxItem;

/** A choice as `{ value, label, disabled? }`: a plain value is its own label. */
export const choiceItem = (choice: Choice): ComboboxItem =>
  typeof choice === 'string' ? { value: choice, label: choice } : choice;

/** `values` as choices, in their order, each labelled as `labels` names it. */
export const labelledChoices = <T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): ComboboxItem[] => values.map((value) => ({ value, label: labels[value] }));

/**
 * The options of a `SelectField` showing `value`. When `value` is none of them (a mangled shared
 * link), a blank, disabled choice holding it comes first, so the select shows blank, as the form's
 * value is, rather than its first option (which compute would not get).
 */
export function choicesFor(options: readonly Choice[], value: string): readonly Choice[] {
  const listed = options.some((option) => choiceItem(option).value === value);
  return listed ? options : [{ value, label: '', disabled: true }, ...options];
}
