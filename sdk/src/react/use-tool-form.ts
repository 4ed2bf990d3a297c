// biome-ignore lint/style/noRestrictedImports: the form's fields read from the link once; the form names them (decision 177).
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EARLY_FORM, EARLY_INITIAL, TOOL_FORM } from '../early-answer';
import type { Result } from '../result';
import { UNEXPECTED_ERROR } from '../worker/protocol';
import { useCompute } from './compute-context';
import { useQueryKeysRead } from './query-notes';
import { useTool, useToolActivity } from './tool-context';
import { TOOL_ERROR_ID } from './tool-outcome';

/** What an input's change handler may hand over: the value itself, `null` (ignored), or an event. */
export type FieldInput<T> = T | null | { currentTarget: { value: string } };

/** Props binding one input to one field: spread them, `<NumberField label="…" {...form.field('value')} />`. */
export interface FieldBinding<T> {
  /** The field's key: the input's `name`, so the form's fields can be read before the app runs. */
  name: string;
  value: T;
  /** Takes the value (NumberField, RadioField, SearchableSelect) or a change event (SelectField, TextInput); `null` is ignored. */
  onChange(input: FieldInput<T>): void;
  /** Set while the error shown is about this field (decision 152), until it is edited. */
  'aria-invalid'?: true;
  /** The shown error's element (`ToolOutcome`), while `aria-invalid` is set. */
  'aria-describedby'?: string;
}

/** The props of the view's `<form>`: spread them, `<form {...form.formProps}>`. */
export interface ToolFormProps {
  onSubmit: (event: FormEvent) => void;
  noValidate: true;
  /** The tool's slug (`../early-answer.ts`). */
  [TOOL_FORM]: string;
  /** Set when the page can answer the form before the app runs. */
  [EARLY_FORM]?: string;
  [EARLY_INITIAL]?: string;
}

export interface ToolFormState<V, O> {
  values: V;
  /** Spread on the view's `<form>`: submits through `submit`, and lets the page answer it early. */
  formProps: ToolFormProps;
  /** Sets one field; the result stays until the next attempt. */
  setValue: <K extends keyof V>(key: K, value: V[K]) => void;
  setValues: (next: V | ((current: V) => V)) => void;
  /** `value` and `onChange` of one field, to spread on its input. */
  field: <K extends keyof V & string>(key: K) => FieldBinding<V[K]>;
  /** Runs compute on the current values (or `override`), and keeps the input in the URL. */
  submit: (event?: FormEvent, override?: V) => Promise<void>;
  /**
   * Keeps `input` in the URL without computing, as `submit` does: for a view that refuses before
   * compute runs (the fuel view's place not found), so that a reload or a shared link keeps what
   * was typed.
   */
  keepInAddress: (input: V) => void;
  result: O | undefined;
  error: string | undefined;
  /**
   * A calculation is on its way: a press's (kept while the view is `waiting`), or a shared link's
   * once its data is `ready`. Show it with the submit button's `busy`: a press meanwhile counts.
   */
  pending: boolean;
}

/** What a valibot schema (or any Standard Schema) offers; used without importing valibot here. */
interface StandardSchema {
  readonly '~standard': {
    validate: (value: unknown) => { issues?: unknown } | Promise<{ issues?: unknown }>;
  };
}

interface Options<V> {
  /** Defaults of every field; its keys are the fields kept in the URL. */
  initial: V;
  /**
   * Optional: the tool's `inputSchema`, checked on the main thread before a shared link is computed.
   * Leave it out (the default of the tool views): the link is computed in the worker, and one whose
   * input the compute refuses is only prefilled, showing nothing. Either way a mangled link never
   * shows a surprise error, and without it the schema and valibot stay out of the page's chunks.
   */
  schema?: StandardSchema;
  /** Fields the view adds at run time (today's date, rates): passed to compute, never put in the URL. */
  extra?: () => Record<string, unknown>;
  /**
   * False while `extra` data is still loading (rates, CPI): a shared link is computed once it turns
   * true, with the data. The one way for a view to make a link wait for its data.
   */
  ready?: boolean;
  /**
   * True while data the compute needs for these values is on its way (rates, CPI): a press
   * meanwhile is kept, `pending`, and answered with the form's values once it has come (or failed).
   * A function of the values where what is needed depends on them (the kind of calculation).
   */
  waiting?: boolean | ((values: V) => boolean);
  /**
   * Whether the page may answer the form before the app has started, from the form's named fields
   * (every `field()` binding names its input) and `initial` for the values without a field, showing
   * the result's `text` (decision 084). By default it may when the view adds nothing at run time
   * (no `extra`) and every value is plain (text, a number, a yes/no). Set `false` when a value the
   * compute needs is set otherwise than by an input bound with `field()`.
   */
  early?: boolean;
  /**
   * The values a field offers (a select's or radio's options). A link's value for it is read as the
   * option it names whatever its case or spaces (`system=IMPERIAL` is `imperial`); one that names no
   * option is ignored, so the field keeps its default.
   */
  choices?: { [K in keyof V]?: readonly string[] };
  /**
   * Fields the view hands to compute under another key, converted (a form's `efficiency` in miles
   * per gallon as compute's `kmPerLitre`): compute's key → the field. A refusal naming that key marks
   * the field, as one naming the field itself does. Read once, at the first render.
   */
  computeKeys?: Record<string, keyof V & string>;
}

const isPlain = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Reads the fields of `initial` from the URL's search parameters, keeping only those that are present
 * and sensible: a number that is not finite (the router reads a bare `1e999` as Infinity) or a value
 * naming none of a field's `choices` is ignored, and the field keeps its default. Text comes back as
 * written, whatever number it names or not (`"1e400"`, `NaN`): it is what the form wrote (decision 179).
 */
export function fromSearch<V extends object>(
  initial: V,
  search: Record<string, unknown>,
  choices: { [K in keyof V]?: readonly string[] } = {},
): Partial<V> {
  const picked: Partial<V> = {};
  for (const key of Object.keys(initial) as (keyof V & string)[]) {
    const raw = search[key];
    if (raw === undefined || (typeof raw === 'number' && !Number.isFinite(raw))) continue;
    // The router parses "12" as a number: fields are kept as text, as the inputs hold them.
    const initialIsText = typeof initial[key] === 'string';
    const value = initialIsText && typeof raw === 'number' ? String(raw) : raw;
    const options = choices[key];
    const named = options ? optionNamed(options, value) : value;
    if (named !== undefined) picked[key] = named as V[keyof V & string];
  }
  return picked;
}

/** The option of `options` that `value` names, ignoring case and spaces; else undefined. */
function optionNamed(options: readonly string[], value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return options.includes(value) ? value : options.find((option) => option.toLowerCase() === wanted);
}

/**
 * The fields as the URL keeps them. Text that reads back as the very same number ("37", "-1.5")
 * goes in as a number, so a link stays `?value=37` (the router quotes text that looks like a
 * number: `?value=%2237%22`); `fromSearch` turns it back into text.
 */
function toSearch<V extends object>(values: V): Record<string, unknown> {
  const search: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const canonical = typeof value === 'string' && value !== '' && String(Number(value)) === value;
    search[key] = canonical ? Number(value) : value;
  }
  return search;
}

/**
 * Form state of a tool view: values (restored from a shared link), submit through the compute
 * worker, result and error. A new attempt clears the error; an error clears the result.
 */
export function useToolForm<V extends Record<string, unknown>, O>({
  initial,
  schema,
  extra,
  ready = true,
  waiting = false,
  early = extra === undefined && Object.values(initial).every(isPlain),
  choices,
  computeKeys,
}: Options<V>): ToolFormState<V, O> {
  // The link's input is read once, for the first values: subscribing to the router's state would
  // render the whole form again at each change of it (the app's start, each result's new URL).
  const router = useRouter();
  const navigate = useNavigate();
  const { slug } = useTool();
  const activity = useToolActivity();
  const [restored] = useState(() =>
    fromSearch(initial, router.state.location.search as Record<string, unknown>, choices),
  );
  // A link's input is the form's fields: the page reads no other key of its query (decision 172).
  useQueryKeysRead(Object.keys(initial));
  useEffect(() => {
    if (Object.keys(restored).length === 0) activity?.noLinkInput?.();
  }, [activity, restored]);
  // A link's input is computed as soon as its data is here: the compute loads meanwhile.
  const compute = useCompute<unknown, O>(slug, { now: Object.keys(restored).length > 0 });
  const [values, setValues] = useState<V>(() => ({ ...initial, ...restored }));
  const [result, setResult] = useState<O>();
  const [error, setError] = useState<string>();
  /** The field the error is about, marked invalid until it is edited or the next answer comes. */
  const [invalid, setInvalid] = useState<string>();
  const [fieldOf] = useState<Record<string, string>>(() => computeKeys ?? {});
  const [pending, setPending] = useState(false);
  // A shared link is computed once its data is `ready`: from that render on it is pending, not only
  // once the effect below has started it, so the button never shows ready for the moment between,
  // where a press would land on it as it turns busy (decision 124).
  const [linkAhead, setLinkAhead] = useState(() => Object.keys(restored).length > 0);
  const latest = useRef(0);
  const waitingNow = typeof waiting === 'function' ? waiting(values) : waiting;
  /** A press made while `waiting`, answered once it is not (with `override`, if it had one). */
  const [held, setHeld] = useState<{ override?: V }>();

  const keepInAddress = useCallback(
    (input: V) => void navigate({ to: '.', search: toSearch(input) as never, replace: true }),
    [navigate],
  );

  /** Computes `input`; with `quiet`, a refusal shows nothing (a shared link is only prefilled). */
  const run = useCallback(
    async (input: V, quiet: boolean) => {
      const attempt = ++latest.current;
      setError(undefined);
      setInvalid(undefined);
      setPending(true);
      if (!quiet) keepInAddress(input);
      let outcome: Result<O>;
      try {
        outcome = await compute({ ...input, ...extra?.() });
      } catch {
        // The worker or its code could not be reached (a chunk that failed to load): the form says so
        // and can be pressed again, rather than waiting for ever.
        outcome = { ok: false, error: UNEXPECTED_ERROR };
      }
      if (attempt !== latest.current) return;
      setPending(false);
      if (outcome.ok) {
        if (quiet) keepInAddress(input);
        setResult(outcome.value);
        activity?.computed(toSearch(input), quiet);
      } else if (!quiet) {
        setResult(undefined);
        setError(outcome.error);
        setInvalid(outcome.field === undefined ? undefined : (fieldOf[outcome.field] ?? outcome.field));
      }
    },
    [compute, extra, keepInAddress, activity, fieldOf],
  );

  const submit = useCallback(
    async (event?: FormEvent, override?: V) => {
      event?.preventDefault();
      if (!waitingNow) return run(override ?? values, false);
      // Kept: a calculation on its way (and a shared link still to come) gives way to this press.
      latest.current += 1;
      setError(undefined);
      setInvalid(undefined);
      setHeld({ override });
    },
    [run, values, waitingNow],
  );
  useEffect(() => {
    if (!held || waitingNow) return;
    setHeld(undefined);
    void run(held.override ?? values, false);
  }, [held, waitingNow, run, values]);

  // A shared link restores the input and, when it is valid, the result.
  const restoredOnce = useRef(false);
  useEffect(() => {
    if (restoredOnce.current || !ready) return;
    restoredOnce.current = true;
    // Pressed while the data was on its way (the form showing the link): the visitor has asked, and
    // their answer stays.
    if (Object.keys(restored).length === 0 || latest.current > 0) {
      setLinkAhead(false);
      return;
    }
    const input = { ...initial, ...restored };
    if (!schema) {
      // Its pending state starts with this render (run sets it before its first wait).
      setLinkAhead(false);
      void run(input, true);
      return;
    }
    void (async () => {
      const checked = await schema['~standard'].validate({ ...input, ...extra?.() });
      setLinkAhead(false);
      if (!checked.issues) await run(input, false);
    })();
  }, [initial, restored, schema, extra, run, ready]);

  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // An edited field is no longer the one the error was about (its message stays until the next answer).
    setInvalid((marked) => (marked === key ? undefined : marked));
  }, []);

  const field = useCallback(
    <K extends keyof V & string>(key: K): FieldBinding<V[K]> => ({
      name: key,
      value: values[key],
      onChange: (input) => {
        if (input === null) return;
        const value =
          typeof input === 'object' && 'currentTarget' in input ? input.currentTarget.value : input;
        setValue(key, value as V[K]);
      },
      ...(invalid === key ? { 'aria-invalid': true, 'aria-describedby': TOOL_ERROR_ID } : {}),
    }),
    [values, setValue, invalid],
  );

  const formProps = useMemo<ToolFormProps>(
    () => ({
      onSubmit: (event: FormEvent) => void submit(event),
      noValidate: true,
      [TOOL_FORM]: slug,
      ...(early ? { [EARLY_FORM]: slug, [EARLY_INITIAL]: JSON.stringify(initial) } : {}),
    }),
    [submit, early, slug, initial],
  );

  return {
    values,
    formProps,
    setValue,
    setValues,
    field,
    submit,
    keepInAddress,
    result,
    error,
    pending: pending || held !== undefined || (ready && linkAhead && latest.current === 0),
  };
}
