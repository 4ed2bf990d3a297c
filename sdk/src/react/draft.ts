import { useCallback, useState } from 'react';

/** Drafts are kept for the tab (sessionStorage): a reload or a sign-in on the way finds them again. */
const PREFIX = 'toolbox:draft:';

function tabStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage refused (a privacy setting): drafts live in the page only
  }
}

/** The draft kept under `key`, or undefined when there is none (or it cannot be read). */
export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = tabStorage()?.getItem(PREFIX + key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Keeps `value` as the draft under `key`; undefined drops it (sent, or given up). */
export function keepDraft(key: string, value: unknown): void {
  try {
    if (value === undefined) tabStorage()?.removeItem(PREFIX + key);
    else tabStorage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the draft lives in the page only.
  }
}

/**
 * State a person writes into (a comment), kept as a draft for the tab until it is sent: the form
 * that shows it again after a sign-in, a reload or the session ending in another tab starts from
 * it. Set it back to `empty` once sent, and the draft is dropped.
 */
export function useDraft<T>(key: string, empty: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readDraft<T>(key) ?? empty);
  const emptyText = JSON.stringify(empty);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      keepDraft(key, JSON.stringify(next) === emptyText ? undefined : next);
    },
    [key, emptyText],
  );
  return [value, set];
}
