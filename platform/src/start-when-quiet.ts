/**
 * When the app starts (decision 084). Starting it (evaluating React, Mantine and the router, then
 * hydrating the page) keeps the main thread busy for a while: hundreds of milliseconds on a slow
 * phone, during which a tap or a key waits. The page is readable and its tool form answers without
 * it (early-answer.ts), so the app starts when the visitor is not using the page: once nothing has
 * happened on it for a moment, or, while they fill in a form the page answers itself, once they
 * have paused for longer (between two fields) or their calculation has been answered. A press or a
 * key anywhere else asks for the app, which then starts at once.
 */

/** Nothing happening for this long: the app starts. */
export const QUIET_MS = 300;
/** Filling in a form the page answers itself: a pause this long (or an answer) lets the app start. */
export const TYPING_PAUSE_MS = 2_000;

const ACTIVITY = ['input', 'keydown', 'pointerdown', 'focusin'] as const;

export interface StartWhenQuietOptions {
  /** Whether `target` is in a form the page answers itself. */
  answersItself(target: EventTarget | null): boolean;
  /** Whether an answer is on its way (the app waits for it). */
  busy(): boolean;
}

export interface AppStart {
  /** Starts the app now (a submission only the app can answer). */
  now(): void;
  /** A calculation was answered: the visitor has what they came for, the app may start soon. */
  answered(): void;
}

/** Calls `start` once, as said above. */
export function startWhenQuiet(start: () => void, { answersItself, busy }: StartWhenQuietOptions): AppStart {
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastActivity = performance.now();
  /** Filling in a form the page answers, and not yet answered since the last change. */
  let filling = false;

  const startNow = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    for (const type of ACTIVITY) document.removeEventListener(type, onActivity, true);
    start();
  };
  const check = () => {
    const wait = (filling ? TYPING_PAUSE_MS : QUIET_MS) - (performance.now() - lastActivity);
    if (wait <= 0 && !busy()) startNow();
    else timer = setTimeout(check, Math.max(wait, 50));
  };
  const onActivity = (event: Event) => {
    if (!answersItself(event.target)) {
      // A press or a key for something only the app does; focus moving about is not.
      if (event.type === 'pointerdown' || event.type === 'keydown') startNow();
      else lastActivity = performance.now();
      return;
    }
    lastActivity = performance.now();
    filling = event.type !== 'pointerdown' || filling;
  };
  for (const type of ACTIVITY) document.addEventListener(type, onActivity, true);
  timer = setTimeout(check, QUIET_MS);

  return {
    now: startNow,
    answered() {
      if (started) return;
      filling = false;
      lastActivity = performance.now();
      clearTimeout(timer);
      timer = setTimeout(check, QUIET_MS);
    },
  };
}
