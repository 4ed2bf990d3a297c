// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, startWhenQuiet, TYPING_PAUSE_MS } from './start-when-quiet';

let form: HTMLFormElement;
let elsewhere: HTMLButtonElement;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<form><input></form><button>Menu</button>';
  form = document.querySelector('form') as HTMLFormElement;
  elsewhere = document.querySelector('button') as HTMLButtonElement;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

function schedule({ busy = (): boolean => false }: { busy?: () => boolean } = {}) {
  const start = vi.fn();
  const appStart = startWhenQuiet(start, {
    answersItself: (target) => target instanceof Node && form.contains(target),
    busy,
  });
  return { start, appStart };
}

const fire = (target: EventTarget, type: string) =>
  target.dispatchEvent(new Event(type, { bubbles: true, composed: true }));

describe('startWhenQuiet', () => {
  it('starts the app once nothing has happened for a moment, once', () => {
    const { start } = schedule();
    vi.advanceTimersByTime(QUIET_MS - 10);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * QUIET_MS);
    fire(elsewhere, 'pointerdown');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for a longer pause while the visitor fills in a form the page answers itself', () => {
    const { start } = schedule();
    const field = form.querySelector('input') as HTMLInputElement;
    fire(field, 'focusin');
    fire(field, 'input');
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 100);
    fire(field, 'input');
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 100);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts soon after the calculation was answered, but not while an answer is on its way', () => {
    let busy = true;
    const { start, appStart } = schedule({ busy: () => busy });
    fire(form.querySelector('input') as HTMLInputElement, 'input');
    appStart.answered();
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(start).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once for a press or a key the page does not answer itself, or when asked to', () => {
    const first = schedule();
    fire(elsewhere, 'focusin');
    expect(first.start).not.toHaveBeenCalled();
    fire(elsewhere, 'pointerdown');
    expect(first.start).toHaveBeenCalledTimes(1);

    const second = schedule();
    fire(document.body, 'keydown');
    expect(second.start).toHaveBeenCalledTimes(1);

    const third = schedule();
    third.appStart.now();
    expect(third.start).toHaveBeenCalledTimes(1);
  });
});
