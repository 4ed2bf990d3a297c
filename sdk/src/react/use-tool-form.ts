import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { useCompute } from './compute-context';

export interface ToolFormState<V, O> {
  values: V;
  /** Sets one field; the result stays until the next attempt. */
  setValue: <K extends keyof V>(key: K, value: V[K]) => void;
  setValues: (next: V | ((current: V) => V)) => void;
  /** Runs compute on the current values (or `override`), and keeps the input in the URL. */
  submit: (event?: FormEvent, override?: V) => Promise<void>;
  result: O | undefined;
  error: string | undefined;
  pending: boolean;
}

interface Options<V> {
  slug: string;
  /** Defaults of every field; its keys are the fields kept in the URL. */
  initial: V;
  /** The tool's `inputSchema`: a shared link whose input passes it is computed on arrival. */
  schema: v.GenericSchema;
  /** Fields the view adds at run time (today's date, rates): passed to compute, never put in the URL. */
  extra?: () => Record<string, unknown>;
  /** False while `extra` data is still loading: a shared link is computed once it turns true. */
  ready?: boolean;
}

/** Reads the fields of `initial` from the URL's search parameters, keeping only those that are present. */
function fromSearch<V extends object>(initial: V, search: Record<string, unknown>): Partial<V> {
  const picked: Partial<V> = {};
  for (const key of Object.keys(initial) as (keyof V & string)[]) {
    const raw = search[key];
    if (raw === undefined) continue;
    // The router parses "12" as a number: fields are kept as text, as the inputs hold them.
    const initialIsText = typeof initial[key] === 'string';
    picked[key] = (initialIsText && typeof raw === 'number' ? String(raw) : raw) as V[keyof V & string];
  }
  return picked;
}

/**
 * Form state of a tool view: values (restored from a shared link), submit through the compute
 * worker, result and error. A new attempt clears the error; an error clears the result.
 */
export function useToolForm<V extends Record<string, unknown>, O>({
  slug,
  initial,
  schema,
  extra,
  ready = true,
}: Options<V>): ToolFormState<V, O> {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const compute = useCompute<unknown, O>(slug);
  const [restored] = useState(() => fromSearch(initial, search));
  const [values, setValues] = useState<V>(() => ({ ...initial, ...restored }));
  const [result, setResult] = useState<O>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const latest = useRef(0);

  const submit = useCallback(
    async (event?: FormEvent, override?: V) => {
      event?.preventDefault();
      const input = override ?? values;
      const attempt = ++latest.current;
      setError(undefined);
      setPending(true);
      void navigate({ to: '.', search: input as never, replace: true });
      const outcome = await compute({ ...input, ...extra?.() });
      if (attempt !== latest.current) return;
      setPending(false);
      if (outcome.ok) {
        setResult(outcome.value);
      } else {
        setResult(undefined);
        setError(outcome.error);
      }
    },
    [compute, extra, navigate, values],
  );

  // A shared link restores the input and, when it is valid, the result.
  const restoredOnce = useRef(false);
  useEffect(() => {
    if (restoredOnce.current || !ready) return;
    restoredOnce.current = true;
    if (Object.keys(restored).length === 0) return;
    const input = { ...initial, ...restored };
    if (v.safeParse(schema, { ...input, ...extra?.() }).success) void submit(undefined, input);
  }, [initial, restored, schema, extra, submit, ready]);

  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  return { values, setValue, setValues, submit, result, error, pending };
}
