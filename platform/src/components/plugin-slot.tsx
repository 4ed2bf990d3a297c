import { pagePlugins } from '@toolbox/plugins/registry';
import type { SlotName } from '@toolbox/sdk';
import { type ComponentType, lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { laterLoadsAllowed } from '../later-loads';

type Filled = { id: string; Component: ComponentType }[];

/**
 * When a slot's code may load. A prerendered page shows the slot's HTML from the first paint; with
 * 'at-once' its code (and its hydration) waits only until later loads are allowed (`../later-loads.ts`:
 * the page idle, a shared link answered); with 'intent' until the visitor moves the pointer over
 * it, touches it or focuses into it, so a first page does not download what nobody has used yet
 * (Home's login card). A slot rendered by the browser itself (after a client-side navigation)
 * does not wait for intent.
 */
export type SlotLoading = 'at-once' | 'intent';

/** Per slot: resolves when its code may load (at once, or on the visitor's first intent). */
const allowed = new Map<SlotName, { promise: Promise<void>; allow: () => void }>();
function gate(name: SlotName) {
  let entry = allowed.get(name);
  if (!entry) {
    let allow = () => {};
    const promise = new Promise<void>((resolve) => {
      allow = resolve;
    });
    entry = { promise, allow };
    allowed.set(name, entry);
  }
  return entry;
}

/** Every plugin's component for each slot, each lazy (its own chunk), in the registry's order. */
const filled = new Map<SlotName, Filled>();
function fillersOf(name: SlotName, loading: SlotLoading): Filled {
  let list = filled.get(name);
  if (!list) {
    list = pagePlugins.flatMap((plugin) => {
      const load = plugin.slots?.[name];
      if (!load) return [];
      // At build time (no document) the page is prerendered whole, the slot's HTML included.
      const Component = lazy(
        typeof document === 'undefined'
          ? load
          : loading === 'intent'
            ? () => gate(name).promise.then(load)
            : () => laterLoadsAllowed().then(load),
      );
      return [{ id: plugin.id, Component }];
    });
    filled.set(name, list);
  }
  return list;
}

/** Whether any plugin fills the slot (a layout may leave out the slot's frame otherwise). */
export function slotIsFilled(name: SlotName): boolean {
  return pagePlugins.some((plugin) => plugin.slots?.[name]);
}

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * What the visitor typed into the slot's HTML before its code hydrated it: React keeps the text on
 * screen but its state starts empty, so each changed field gets an input event (a change for React).
 */
function adoptTypedValues(frame: HTMLElement) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const input of frame.querySelectorAll('input')) {
    const typed = input.value;
    if (typed === input.defaultValue || !setValue) continue;
    input.value = input.defaultValue; // through React's tracker: what React believes is shown
    setValue.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Runs `done` once the Suspense boundary around it has rendered (or hydrated). */
function Rendered({ done }: { done: () => void }) {
  const once = useRef(done);
  useEffect(() => once.current(), []);
  return null;
}

/**
 * Renders what plugins put in the slot, after the first paint; nothing while it loads. Memoised: a
 * re-render of the page around it (Home's tool filter) must not reach a part still waiting for its
 * code, which React would then render afresh, dropping the prerendered HTML.
 */
export const PluginSlot = memo(function PluginSlot({
  name,
  loading = 'at-once',
}: {
  name: SlotName;
  loading?: SlotLoading;
}) {
  const list = fillersOf(name, loading);
  // Whether this render adopts prerendered HTML: the slot's frame is on the page before React put it
  // there. Read once and kept (a state change here would make React render the waiting part afresh).
  const [hydratedFirst] = useState(
    () => typeof document !== 'undefined' && document.querySelector(`[data-slot="${name}"]`) !== null,
  );
  const frame = useRef<HTMLDivElement>(null);
  const state = useRef<{ ready: boolean; submitted: HTMLFormElement | null }>({
    ready: false,
    submitted: null,
  });
  useEffect(() => {
    if (loading !== 'intent') return;
    const { allow } = gate(name);
    const element = frame.current;
    if (!hydratedFirst || !element) {
      allow();
      return;
    }
    // On the window, in the capture phase: React stops events aimed at HTML it has not hydrated.
    const onIntent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) allow();
    };
    // A form sent before its code is there would go as a plain GET (its fields in the address):
    // held, and sent again once hydrated.
    const onSubmit = (event: Event) => {
      if (
        state.current.ready ||
        !(event.target instanceof HTMLFormElement) ||
        !element.contains(event.target)
      )
        return;
      event.preventDefault();
      event.stopImmediatePropagation();
      state.current.submitted = event.target;
      allow();
    };
    for (const type of INTENT_EVENTS)
      window.addEventListener(type, onIntent, { capture: true, passive: true });
    window.addEventListener('submit', onSubmit, { capture: true });
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
      window.removeEventListener('submit', onSubmit, { capture: true });
    };
  }, [loading, name, hydratedFirst]);
  const onRendered = () => {
    state.current.ready = true;
    if (!hydratedFirst || !frame.current) return;
    adoptTypedValues(frame.current);
    const held = state.current.submitted;
    state.current.submitted = null;
    if (held?.isConnected) held.requestSubmit();
  };
  if (list.length === 0) return null;
  const content = (
    <Suspense fallback={null}>
      {list.map(({ id, Component }) => (
        <Component key={id} />
      ))}
      {loading === 'intent' && <Rendered done={onRendered} />}
    </Suspense>
  );
  return loading === 'intent' ? (
    <div ref={frame} data-slot={name}>
      {content}
    </div>
  ) : (
    content
  );
});
