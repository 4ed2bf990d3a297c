import {
  Button,
  Group,
  IconButton,
  NumberField,
  Stack,
  Text,
  TextField,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { RecipeOutput } from './compute';

interface Row {
  name: string;
  quantity: string;
  unit: string;
}

const EMPTY_ROW: Row = { name: '', quantity: '', unit: '' };

const initial = {
  originalServings: '' as string | number,
  desiredServings: '' as string | number,
  ingredients: [EMPTY_ROW] as Row[],
};

function asText(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return '';
}

/** The rows of a shared link, whatever it holds: only a list of rows is read, field by field. */
function toRows(raw: unknown): Row[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item) => {
    const row = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    return { name: asText(row.name), quantity: asText(row.quantity), unit: asText(row.unit) };
  });
}

function RemoveIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export default function RecipeConverterView() {
  const form = useToolForm<typeof initial, RecipeOutput>({ initial });
  const rows = toRows(form.values.ingredients);

  // Stable keys for the rows, kept beside them (they are not part of the recipe or the URL).
  const nextKey = useRef(0);
  const [keys, setKeys] = useState<number[]>(() => rows.map(() => nextKey.current++));
  const keyOf = (index: number) => keys[index] ?? `row-${index}`;

  const setRows = (next: Row[]) => form.setValue('ingredients', next);
  const editRow = (index: number, field: keyof Row, value: string) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const addRow = () => {
    setKeys([...keys.slice(0, rows.length), nextKey.current++]);
    setRows([...rows, EMPTY_ROW]);
  };
  // After a removal the focus goes to the remove button now in that place, else the one before, else
  // (one row left, which cannot be removed) to Add Ingredient: never to the page's start.
  const focusAfterRemoval = useRef<number | undefined>(undefined);
  const list = useRef<HTMLDivElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  const removeRow = (index: number) => {
    focusAfterRemoval.current = index;
    setKeys(keys.filter((_, i) => i !== index));
    setRows(rows.filter((_, i) => i !== index));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves once a removed row is gone
  useLayoutEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === undefined) return;
    focusAfterRemoval.current = undefined;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-remove-row]') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? add.current)?.focus();
  }, [rows.length]);

  return (
    <form {...form.formProps}>
      <Stack>
        <Group grow>
          <NumberField label="Original servings" {...form.field('originalServings')} above={0} />
          <NumberField label="Desired servings" {...form.field('desiredServings')} above={0} />
        </Group>
        <Stack gap="xs" ref={list}>
          <Text fw={500} size="sm">
            Ingredients
          </Text>
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <Group key={keyOf(index)} gap="xs" wrap="nowrap" align="flex-start">
                <TextField
                  aria-label={`Ingredient ${n} name`}
                  placeholder="Name (e.g. flour)"
                  value={row.name}
                  onChange={(event) => editRow(index, 'name', event.currentTarget.value)}
                  style={{ flex: 3 }}
                />
                <TextField
                  aria-label={`Ingredient ${n} quantity`}
                  placeholder="1 1/2"
                  value={row.quantity}
                  onChange={(event) => editRow(index, 'quantity', event.currentTarget.value)}
                  style={{ flex: 2 }}
                />
                <TextField
                  aria-label={`Ingredient ${n} unit`}
                  placeholder="cup"
                  value={row.unit}
                  onChange={(event) => editRow(index, 'unit', event.currentTarget.value)}
                  style={{ flex: 2 }}
                />
                {rows.length > 1 && (
                  <IconButton
                    variant="subtle"
                    color="gray"
                    size="input-sm"
                    onClick={() => removeRow(index)}
                    aria-label={`Remove ingredient ${n}`}
                    data-remove-row
                  >
                    <RemoveIcon />
                  </IconButton>
                )}
              </Group>
            );
          })}
          <Text size="xs" c="dimmed">
            Quantities may be decimals or fractions such as 1/2 or 1 1/2; other text (a pinch) is kept as it
            is.
          </Text>
        </Stack>
        <Group grow>
          <Button variant="default" onClick={addRow} ref={add}>
            Add Ingredient
          </Button>
          <Button type="submit" busy={form.pending}>
            Convert Recipe
          </Button>
        </Group>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
