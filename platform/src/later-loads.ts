/**
 * What the app loads for later, not for what the visitor came for: the plugins' header actions and
 * the your-tools engine. Each waits for the page to be idle, and on a tool page opened from a shared
 * link also for the link's first answer, so that the page asks for its result's scripts first
 * (decision 158). A held load waits HOLD_MS at most: a link the form refuses quietly says nothing.
 */
export const HOLD_MS = 3_000;

const RELEASED = Promise.resolve();
let held: Promise<void> = RELEASED;

/** Holds later loads until the returned function is called, or HOLD_MS have passed. */
export function holdLaterLoads(): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, HOLD_MS);
  });
  held = released;
  return release;
}

/** Resolves at the page's next idle moment (after its next frame, when it has one to draw). */
function whenIdle(): Promise<void> {
  return new Promise<void>((resolve) => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => resolve(), { timeout: 2_000 });
  });
}

/**
 * Resolves once the page has been idle and no load is held; a held load waits for one more idle
 * moment once released, so that the answer that released it is drawn first.
 */
export async function laterLoadsAllowed(): Promise<void> {
  await whenIdle();
  const holding = held;
  await holding;
  if (holding !== RELEASED) await whenIdle();
}
