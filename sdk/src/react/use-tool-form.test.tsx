// @vitest-environment happy-dom

import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  type RouterHistory,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../result';
import { defineTool } from '../tool';
import { type ComputeApi, UNEXPECTED_ERROR } from '../worker/protocol';
import { ComputeProvider } from './compute-context';
import { NumberField } from './number-field';
import { QueryKeyNotes } from './query-notes';
import { SelectField } from './select-field';
import { ToolProvider } from './tool-context';
import { ToolOutcome } from './tool-outcome';
import { fromSearch, type ToolFormState, useToolForm } from './use-tool-form';

const tool = defineTool({
  slug: 'doubler',
  label: 'Doubler',
  category: 'Math',
  description: 'Doubles a number.',
  view: async () => ({ default: () => null }),
});

const initial = { value: '' as string | number, unit: 'm' };
type Values = typeof initial;

/** Doubles `value`; refuses what is not a number. */
const prepared: string[] = [];
const doubler: ComputeApi = {
  async prepare(slug) {
    prepared.push(slug);
  },
  async run(_slug, input) {
    const value = Number((input as Values).value);
    return Number.isFinite(value) && (input as Values).value !== '' ? ok(value * 2) : err('Not a number');
  },
};

let form: ToolFormState<Values, number>;
function View() {
  form = useToolForm<Values, number>({ initial });
  return <output>{form.error ?? (form.result === undefined ? 'none' : `result ${form.result}`)}</output>;
}

/** The doubler's view with its fields and outcome; its compute names the field it refuses. */
function FieldsView({ computeKeys }: { computeKeys?: Record<string, keyof Values & string> } = {}) {
  form = useToolForm<Values, number>({ initial, computeKeys });
  return (
    <MantineProvider>
      <form {...form.formProps}>
        <NumberField label="Value" description="Any number" {...form.field('value')} />
        <SelectField label="Unit" data={['m', 'km', 'x']} {...form.field('unit')} />
        <ToolOutcome
          error={form.error}
          text={form.result === undefined ? undefined : `result ${form.result}`}
        />
      </form>
    </MantineProvider>
  );
}
const namingDoubler: ComputeApi = {
  prepare: async () => {},
  async run(slug, input) {
    const { value, unit } = input as Values;
    if (unit === 'x') return err('Pick a unit and a number');
    return value === '' || !Number.isFinite(Number(value))
      ? err('Not a number', 'value')
      : doubler.run(slug, input);
  },
};

/** The same compute reading the value as `amount`, as a view that converts it hands it on. */
const renamingDoubler: ComputeApi = {
  prepare: async () => {},
  async run(slug, input) {
    const { value } = input as Values;
    return Number.isFinite(Number(value)) ? doubler.run(slug, input) : err('Not a number', 'amount');
  },
};

/** A view whose `unit` is one of a list of choices. */
function ChoosingView() {
  form = useToolForm<Values, number>({ initial, choices: { unit: ['m', 'km', 'Mi'] } });
  return <output>{form.error ?? (form.result === undefined ? 'none' : `result ${form.result}`)}</output>;
}

/** A view whose data (rates, say) comes later: `setReady` says it has come. */
let setReady: (ready: boolean) => void = () => {};
function WaitingView() {
  const [ready, setState] = useState(false);
  setReady = setState;
  form = useToolForm<Values, number>({ initial, ready });
  return <output>{form.error ?? (form.result === undefined ? 'none' : `result ${form.result}`)}</output>;
}

/** The doubler, noting each input it is asked to compute in `asked`. */
const countingDoubler = (asked: unknown[]): ComputeApi => ({
  prepare: async () => {},
  run: (slug, input) => {
    asked.push(input);
    return doubler.run(slug, input);
  },
});

/** A view whose data comes later (`setData(true)`): `options` says what its form makes of it. */
let setData: (here: boolean) => void = () => {};
const withData = (
  options: (here: boolean) => { ready?: boolean; waiting?: boolean | ((values: Values) => boolean) },
) =>
  function ViewWithData() {
    const [here, setState] = useState(false);
    setData = setState;
    form = useToolForm<Values, number>({ initial, ...options(here) });
    // Busy while pending, else its result (or none).
    return (
      <output>{form.pending ? 'busy' : form.result === undefined ? 'none' : `result ${form.result}`}</output>
    );
  };

function mount(url: string, api: ComputeApi, Shown = View): RouterHistory {
  const history = createMemoryHistory({ initialEntries: [url] });
  const root = createRootRoute({
    component: () => (
      <ComputeProvider api={api}>
        <ToolProvider tool={tool}>
          <Shown />
        </ToolProvider>
      </ComputeProvider>
    ),
  });
  const router = createRouter({ routeTree: root, history });
  render(<RouterProvider router={router} />);
  return history;
}

afterEach(cleanup);

describe('useToolForm', () => {
  it("tells the page, as it mounts, that a query without the form's fields brings no link's answer", async () => {
    const said: string[] = [];
    const activity = { computed: () => said.push('computed'), noLinkInput: () => said.push('no link') };
    const mountWith = (url: string) => {
      const root = createRootRoute({
        component: () => (
          <ComputeProvider api={doubler}>
            <ToolProvider tool={tool} activity={activity}>
              <View />
            </ToolProvider>
          </ComputeProvider>
        ),
      });
      const router = createRouter({
        routeTree: root,
        history: createMemoryHistory({ initialEntries: [url] }),
      });
      render(<RouterProvider router={router} />);
    };
    mountWith('/?src=newsletter');
    await waitFor(() => expect(said).toContain('no link'));
    cleanup();
    said.length = 0;
    mountWith('/?value=3&src=newsletter');
    await waitFor(() => expect(screen.getByText('result 6')).toBeTruthy());
    expect(said).toEqual(['computed']);
  });

  it("tells the build's render that the page reads its fields of the query, and nothing else (decision 172)", async () => {
    const told: (readonly string[])[] = [];
    const Noted = () => (
      <QueryKeyNotes value={(keys) => told.push(keys)}>
        <View />
      </QueryKeyNotes>
    );
    mount('/?value=3&src=newsletter', doubler, Noted);
    await waitFor(() => expect(screen.getByText(/result|none/)).toBeTruthy());
    expect(told.length).toBeGreaterThan(0);
    for (const keys of told) expect(keys).toEqual(Object.keys(initial));
  });

  it("has the tool's compute prepared on the visitor's first sign of use, before any calculation", async () => {
    prepared.length = 0;
    mount('/', doubler);
    await waitFor(() => expect(screen.getByText('none')).toBeTruthy());
    expect(prepared).toEqual([]);
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(prepared).toEqual(['doubler']);
  });

  it("has a shared link's compute prepared at once, while the link waits for its data", async () => {
    prepared.length = 0;
    mount('/?value=3', doubler, WaitingView);
    await waitFor(() => expect(form.values.value).toBe('3'));
    expect(prepared).toEqual(['doubler']);
    await act(async () => setReady(true));
    expect(screen.getByText('result 6')).toBeTruthy();
  });

  it('restores a shared link (text fields stay text) and computes it', async () => {
    mount('/?value=37&unit=km', doubler);
    await waitFor(() => expect(screen.getByText('result 74')).toBeTruthy());
    expect(form.values).toEqual({ value: '37', unit: 'km' });
  });

  it("reads a link's choice as the option it names, whatever its case or spaces", async () => {
    mount('/?value=2&unit=%20KM%20', doubler, ChoosingView);
    await waitFor(() => expect(screen.getByText('result 4')).toBeTruthy());
    expect(form.values).toEqual({ value: '2', unit: 'km' });
  });

  it('keeps submitted input in the URL, numbers as numbers, so the link reads back the same', async () => {
    const history = mount('/', doubler);
    await waitFor(() => expect(screen.getByText('none')).toBeTruthy());
    act(() => form.field('value').onChange('-1.5'));
    act(() => form.field('unit').onChange({ currentTarget: { value: 'cm' } }));
    await act(() => form.submit());
    await waitFor(() => expect(history.location.search).toBe('?value=-1.5&unit=cm'));
    expect(screen.getByText('result -3')).toBeTruthy();
  });

  it('reads its own link back as the text typed, a number or not (1e400, NaN, abc, 1.50)', async () => {
    for (const typed of ['1e400', '-1e999', 'NaN', 'Infinity', 'abc', '1.50', '37']) {
      const history = mount('/', doubler);
      await waitFor(() => expect(screen.getByText('none')).toBeTruthy());
      act(() => form.field('value').onChange(typed));
      await act(() => form.submit());
      await waitFor(() => expect(history.location.search).toContain('value='));
      const link = `/${history.location.search}`;
      cleanup();

      const reopened = mount(link, doubler);
      await waitFor(() => expect(screen.getByRole('status')).toBeTruthy());
      expect(reopened.location.search).toBe(history.location.search);
      expect(form.values).toEqual({ value: typed, unit: 'm' });
      cleanup();
    }
  });

  it('shows nothing for a shared link its compute refuses, and the error for a submitted one', async () => {
    mount('/?value=abc', doubler);
    await waitFor(() => expect(form.values.value).toBe('abc'));
    await act(async () => {});
    expect(screen.getByText('none')).toBeTruthy();
    await act(() => form.submit());
    expect(screen.getByText('Not a number')).toBeTruthy();
  });

  it('keeps the answer to a press made while a link waited for its data: the link is not computed over it', async () => {
    mount('/?value=abc', doubler, WaitingView);
    await waitFor(() => expect(form.values.value).toBe('abc'));
    await act(() => form.submit());
    expect(screen.getByText('Not a number')).toBeTruthy();
    await act(async () => setReady(true));
    expect(screen.getByText('Not a number')).toBeTruthy();
  });

  it('is pending from the render in which a waiting link gets its data, until its answer (its button never shows ready between)', async () => {
    let answer: (result: Result<number>) => void = () => {};
    const held: ComputeApi = {
      prepare: async () => {},
      run: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    };
    const seen: string[] = [];
    function Watched() {
      const [ready, setState] = useState(false);
      setReady = setState;
      form = useToolForm<Values, number>({ initial, ready });
      const label = form.pending ? 'busy' : form.result === undefined ? 'ready' : `result ${form.result}`;
      useLayoutEffect(() => {
        seen.push(label);
      });
      return <output>{label}</output>;
    }
    mount('/?value=21', held, Watched);
    await waitFor(() => expect(screen.getByText('ready')).toBeTruthy());
    // Waiting for its data, the link leaves the button to the visitor.
    expect(new Set(seen)).toEqual(new Set(['ready']));
    seen.length = 0;
    await act(async () => setReady(true));
    expect(new Set(seen)).toEqual(new Set(['busy']));
    await act(async () => answer(ok(42)));
    expect(screen.getByText('result 42')).toBeTruthy();
  });

  it('keeps a press made while its data is on its way, pending, and answers it with the values shown once the data has come', async () => {
    const asked: unknown[] = [];
    const counting = countingDoubler(asked);
    // Only kilometres need the data (as a kind of calculation needing rates).
    mount(
      '/',
      counting,
      withData((here) => ({ waiting: (values) => values.unit === 'km' && !here })),
    );
    await waitFor(() => expect(screen.getByText('none')).toBeTruthy());
    act(() => form.setValues({ value: '2', unit: 'km' }));
    await act(() => form.submit());
    expect(screen.getByText('busy')).toBeTruthy();
    expect(asked).toEqual([]);
    // Changed after the press, before the data came: the answer is to what the form shows.
    act(() => form.setValue('value', '5'));
    await act(async () => setData(true));
    await waitFor(() => expect(screen.getByText('result 10')).toBeTruthy());
    expect(asked).toEqual([{ value: '5', unit: 'km' }]);
    // Metres need no data: answered at once.
    act(() => form.setValues({ value: '4', unit: 'm' }));
    await act(async () => setData(false));
    await act(() => form.submit());
    expect(screen.getByText('result 8')).toBeTruthy();
  });

  it('answers a press kept while waiting in place of a shared link waiting for the same data, and with its own input if it had one', async () => {
    const asked: unknown[] = [];
    const counting = countingDoubler(asked);
    mount(
      '/?value=21',
      counting,
      withData((here) => ({ ready: here, waiting: !here })),
    );
    await waitFor(() => expect(form.values.value).toBe('21'));
    // As the currency converter's swap does: a press with the input it computes.
    await act(() => form.submit(undefined, { value: '3', unit: 'm' }));
    expect(screen.getByText('busy')).toBeTruthy();
    await act(async () => setData(true));
    await waitFor(() => expect(screen.getByText('result 6')).toBeTruthy());
    expect(asked).toEqual([{ value: '3', unit: 'm' }]);
  });

  it('drops a stale attempt: a slower earlier answer never replaces the latest', async () => {
    const pending: ((result: Result<unknown>) => void)[] = [];
    const slow: ComputeApi = {
      prepare: async () => {},
      run: () => new Promise((resolve) => pending.push(resolve)),
    };
    mount('/', slow);
    await waitFor(() => expect(screen.getByText('none')).toBeTruthy());
    let first: Promise<void> = Promise.resolve();
    let second: Promise<void> = Promise.resolve();
    act(() => {
      first = form.submit(undefined, { value: '1', unit: 'm' });
    });
    act(() => {
      second = form.submit(undefined, { value: '2', unit: 'm' });
    });
    expect(pending).toHaveLength(2);
    await act(async () => {
      pending[1]?.(ok(4));
      await second;
    });
    expect(screen.getByText('result 4')).toBeTruthy();
    await act(async () => {
      pending[0]?.(ok(2));
      await first;
    });
    expect(screen.getByText('result 4')).toBeTruthy();
    expect(form.pending).toBe(false);
  });

  it('marks the field an error is about, described by the error after its own description, until it is edited', async () => {
    mount('/', namingDoubler, FieldsView);
    const value = await screen.findByRole('textbox', { name: 'Value' });
    const unit = screen.getByRole('combobox', { name: 'Unit' });
    expect(value.getAttribute('aria-invalid')).toBeNull();
    await act(() => form.submit(undefined, { value: 'abc', unit: 'm' }));
    const message = screen.getByText('Not a number');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(value.getAttribute('aria-describedby')?.split(' ')).toEqual([
      `${value.id}-description`,
      message.id,
    ]);
    expect(message.id).toBe('tool-error');
    expect(unit.getAttribute('aria-invalid')).toBeNull();
    // Editing another field leaves the mark; editing this one removes it, the message staying.
    act(() => form.field('unit').onChange('km'));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    act(() => form.field('value').onChange('ab'));
    expect(value.getAttribute('aria-invalid')).toBeNull();
    expect(value.getAttribute('aria-describedby')).toBe(`${value.id}-description`);
    expect(screen.getByText('Not a number')).toBeTruthy();
  });

  it('unmarks the field when the next answer comes, and marks none for an error about the whole form', async () => {
    mount('/', namingDoubler, FieldsView);
    const value = await screen.findByRole('textbox', { name: 'Value' });
    await act(() => form.submit(undefined, { value: '', unit: 'm' }));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    await act(() => form.submit(undefined, { value: '', unit: 'x' }));
    expect(screen.getByText('Pick a unit and a number')).toBeTruthy();
    expect(document.querySelector('[aria-invalid]')).toBeNull();
    await act(() => form.submit(undefined, { value: '', unit: 'm' }));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    await act(() => form.submit(undefined, { value: '2', unit: 'm' }));
    expect(screen.getByText('result 4')).toBeTruthy();
    expect(value.getAttribute('aria-invalid')).toBeNull();
    expect(value.getAttribute('aria-describedby')).toBe(`${value.id}-description`);
  });

  it("marks the field a refusal names by compute's own key, where the view hands the field on converted", async () => {
    mount('/', renamingDoubler, () => <FieldsView computeKeys={{ amount: 'value' }} />);
    const value = await screen.findByRole('textbox', { name: 'Value' });
    await act(() => form.submit(undefined, { value: 'abc', unit: 'm' }));
    expect(screen.getByText('Not a number')).toBeTruthy();
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Unit' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('says a calculation that could not reach the compute went wrong, and can be pressed again', async () => {
    let reachable = false;
    const flaky: ComputeApi = {
      prepare: async () => {},
      run: (slug, input) =>
        reachable ? doubler.run(slug, input) : Promise.reject(new TypeError('Failed to fetch a chunk')),
    };
    mount('/', flaky);
    await waitFor(() => expect(screen.getByText('none')).toBeTruthy());
    await act(() => form.submit(undefined, { value: '2', unit: 'm' }));
    expect(screen.getByText(UNEXPECTED_ERROR)).toBeTruthy();
    expect(form.pending).toBe(false);
    reachable = true;
    await act(() => form.submit(undefined, { value: '2', unit: 'm' }));
    expect(screen.getByText('result 4')).toBeTruthy();
  });
});

describe('fromSearch', () => {
  const choices = { unit: ['m', 'km', 'Mi'] } as const;

  it('names the option a link means, and ignores a value naming none (the field keeps its default)', () => {
    expect(fromSearch(initial, { unit: 'MI' }, choices)).toEqual({ unit: 'Mi' });
    expect(fromSearch(initial, { unit: ' km ' }, choices)).toEqual({ unit: 'km' });
    expect(fromSearch(initial, { unit: 'furlong', value: 5 }, choices)).toEqual({ value: '5' });
    expect(fromSearch(initial, { unit: '<script>' }, choices)).toEqual({});
    expect(fromSearch(initial, { unit: 12 }, choices)).toEqual({});
  });

  it('ignores a number that is not finite, as the router reads a bare 1e999, and keeps text as written', () => {
    for (const value of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
      expect(fromSearch(initial, { value, unit: 'm' })).toEqual({ unit: 'm' });
    }
    for (const value of ['NaN', '-Infinity', '1e999', '1e3']) {
      expect(fromSearch(initial, { value })).toEqual({ value });
    }
  });

  it("reads only the form's own fields, numbers as text where the field is text", () => {
    expect(fromSearch(initial, { value: 37, other: 'x' })).toEqual({ value: '37' });
    expect(fromSearch(initial, { unit: 'KM' })).toEqual({ unit: 'KM' });
  });
});
