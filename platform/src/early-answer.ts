/**
 * A tool page answers its form before the app has started (decision 084).
 *
 * The prerendered form is on screen, and the visitor may fill it in and press its button before the
 * app (React, Mantine, the router: most of the page's script) has started. Early input holds the
 * press until the app replays it (early-input.ts); meanwhile this module, loaded with the page's
 * small entry, answers it: it runs the tool's compute (loaded as soon as this module runs, and run
 * on the main thread: early-computes.ts, decision 093) on the form's named fields (`useToolForm`
 * names every bound input, and writes the initial values of the rest on the form) and writes the
 * result's text, or the compute's message, in the outcome's place (`ToolOutcome`), where it stays
 * until the app shows its own outcome. The answer is worked out as soon as the form is complete and
 * each time it changes, so that the press shows it at once (decision 091). It also keeps a button
 * the page renders disabled while a required field is empty in step with the fields. Only forms
 * `useToolForm` marks (EARLY_FORM) are answered: one whose tool needs data from the app (rates,
 * today's date) waits for the app.
 */
import { EARLY_FORM, EARLY_INITIAL, EARLY_OUTCOME, namesNoFiniteNumber, type Result } from '@toolbox/sdk';
import type { ComputeApi } from '@toolbox/sdk/react';
import { isSearchField } from './early-input';

/** What marks the answer written in the outcome's place (early-answer.css styles it). */
export const EARLY_RESULT = 'data-early-result';
export const EARLY_ERROR = 'data-early-error';

/**
 * Whether `target` works before the app has started: a plain field of a form the page answers
 * itself (typed into, picked, checked) or its submit button. A field the app drives (a combobox
 * opening a list) and any other control need the app.
 */
export function worksWithoutTheApp(target: EventTarget | null): boolean {
  if (!earlyFormOf(target)) return false;
  if (
    target instanceof HTMLFormElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  )
    return true;
  if (target instanceof HTMLInputElement) return !isSearchField(target);
  if (!(target instanceof Element)) return false;
  const label = target.closest('label');
  if (label?.control) return worksWithoutTheApp(label.control);
  return target.closest('button')?.type === 'submit';
}

/**
 * A key that opens the list of a field the app drives (a combobox's arrow keys), or picks from it
 * (Enter once a search is typed there, rather than submitting the form with the choice it had):
 * pressed before the app has started, it is held and pressed again once the app holds the field and
 * its text (early-input.ts).
 */
export function opensAppList(event: KeyboardEvent): boolean {
  const field = event.target;
  if (!isSearchField(field)) return false;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') return true;
  return event.key === 'Enter' && field.value !== field.defaultValue;
}

/** The form the page answers itself that `target` is in (or is), if any. */
export const earlyFormOf = (target: EventTarget | null): HTMLFormElement | null => {
  const element = target instanceof Element ? target : null;
  const form = element instanceof HTMLFormElement ? element : (element?.closest('form') ?? null);
  return form?.hasAttribute(EARLY_FORM) ? form : null;
};

/** The form's input as the compute takes it: its initial values, then each named field's value. */
export function inputOf(form: HTMLFormElement): Record<string, unknown> {
  let input: Record<string, unknown> = {};
  try {
    input = JSON.parse(form.getAttribute(EARLY_INITIAL) ?? '{}') as Record<string, unknown>;
  } catch {
    // Written by useToolForm; nothing to start from if it were not JSON.
  }
  for (const element of form.elements) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      )
    )
      continue;
    if (!element.name || element.disabled) continue;
    if (element instanceof HTMLInputElement) {
      if (element.type === 'file' || element.type === 'submit' || element.type === 'button') continue;
      if (element.type === 'checkbox') {
        input[element.name] = element.checked;
        continue;
      }
      if (element.type === 'radio' && !element.checked) continue;
    }
    input[element.name] = element.value;
  }
  return input;
}

/**
 * A link's value as the app's router reads it, as the text a field shows. The router writes text
 * that would read as a number (`1.50`, `5.0`, ` 50 `) in JSON quotes (`"1.50"`), so that it comes back
 * as that text, and reads any other JSON value (`1e3`) as that value.
 */
export function linkText(written: string): string {
  try {
    const value: unknown = JSON.parse(written);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  } catch {
    // Not JSON: the text as written.
  }
  return written;
}

/**
 * Writes a shared link's input (the page's query) into the form's fields, so that the page shows it
 * and can answer it before the app starts. Returns false, leaving the form as it was, when the link
 * names a field the form has not with a value (a field another choice of the form shows), a choice the field
 * does not offer or a value standing for no finite number (`1e999`, `NaN`), or when the form has a
 * field the page cannot show without the app (a searchable list): the app shows such a link
 * (`fromSearch`).
 */
export function fillFromLink(form: HTMLFormElement, query: URLSearchParams): boolean {
  if (form.querySelector('[role="combobox"]')) return false;
  const writes: (() => void)[] = [];
  for (const [name, written] of query) {
    const value = linkText(written);
    if (namesNoFiniteNumber(value)) return false;
    const field = form.elements.namedItem(name);
    // An empty value of a field this form does not show (BMI's feet in metric): nothing to show.
    if (field === null && value === '') continue;
    if (field instanceof RadioNodeList) {
      const radio = [...field].find(
        (element): element is HTMLInputElement =>
          element instanceof HTMLInputElement && element.value === value,
      );
      if (!radio) return false;
      writes.push(() => {
        radio.checked = true;
      });
    } else if (field instanceof HTMLSelectElement) {
      if (![...field.options].some((option) => option.value === value)) return false;
      writes.push(() => {
        field.value = value;
      });
    } else if (
      (field instanceof HTMLInputElement &&
        ['text', 'number', 'date', 'datetime-local', 'time'].includes(field.type)) ||
      field instanceof HTMLTextAreaElement
    ) {
      writes.push(() => {
        field.value = value;
      });
    } else {
      return false;
    }
  }
  for (const write of writes) write();
  return true;
}

const blank = (field: Element) =>
  (field instanceof HTMLInputElement ||
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement) &&
  field.value.trim() === '';

/**
 * A button rendered disabled while a required field is empty: enabled once none is (Mantine marks
 * its disabled look with `data-disabled`). Buttons the page renders enabled are left alone.
 * Returns whether the form is complete (no required field empty).
 */
function followRequiredFields(form: HTMLFormElement, managed: Set<HTMLButtonElement>): boolean {
  const required = [...form.querySelectorAll('[required]')];
  if (required.length === 0) return true;
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
    if (button.disabled) managed.add(button);
  }
  const missing = required.some(blank);
  for (const button of managed) {
    if (button.form !== form) continue;
    button.disabled = missing;
    if (missing) button.setAttribute('data-disabled', 'true');
    else button.removeAttribute('data-disabled');
  }
  return !missing;
}

/**
 * Shows `result` in the form's outcome place; false (nothing shown) for a result without a sentence,
 * which is the app's to show.
 */
function showResult(form: HTMLFormElement, result: Result<unknown>): boolean {
  const text = result.ok ? (result.value as { text?: unknown } | null)?.text : result.error;
  if (typeof text !== 'string') return false;
  const place = form.querySelector(`[${EARLY_OUTCOME}]`);
  if (!place) return true;
  const line = document.createElement('p');
  line.textContent = text;
  if (result.ok) {
    const box = document.createElement('div');
    box.setAttribute(EARLY_RESULT, '');
    box.append(line);
    place.replaceChildren(box);
  } else {
    line.setAttribute('role', 'alert');
    line.setAttribute(EARLY_ERROR, '');
    place.replaceChildren(line);
  }
  return true;
}

export interface EarlyAnswers {
  /**
   * Answers a form whose press early input holds; resolves once the answer is shown, or at once
   * to false for a form the page cannot answer.
   */
  answer(form: HTMLFormElement): Promise<boolean>;
  /** Whether an answer is on its way. */
  busy(): boolean;
  /** The app takes over: nothing more is answered or written. */
  stop(): void;
}

/** An answer worked out as the visitor filled the form in, for its input then (`key`, as JSON). */
interface AnswerAhead {
  key: string;
  result: Promise<Result<unknown>>;
  /** Once it has arrived. */
  settled?: Result<unknown>;
}

export function answerEarly(root: HTMLElement, compute: ComputeApi): EarlyAnswers {
  let stopped = false;
  let pending = 0;
  /** The latest answer asked of each form: an older one arriving later is not shown. */
  const latest = new WeakMap<HTMLFormElement, number>();
  let asked = 0;
  const prepared = new Set<string>();
  const managed = new Set<HTMLButtonElement>();
  const ahead = new WeakMap<HTMLFormElement, AnswerAhead>();

  /**
   * The compute is pure and quick: a complete form's answer is worked out as soon as it changes, so
   * that the press finds it ready and shows it at once, in the same task, as a page computing by
   * itself would (no load of the compute, nor a frame, comes after the press).
   */
  const workAhead = (form: HTMLFormElement) => {
    const slug = form.getAttribute(EARLY_FORM);
    if (!slug) return;
    const input = inputOf(form);
    const key = JSON.stringify(input);
    if (ahead.get(form)?.key === key) return;
    const entry: AnswerAhead = { key, result: compute.run(slug, input) };
    entry.result.then(
      (result) => {
        entry.settled = result;
      },
      // Asked for again on the press, which then starts the app if the compute cannot be had.
      () => ahead.delete(form),
    );
    ahead.set(form, entry);
  };

  const onInput = (event: Event) => {
    const form = earlyFormOf(event.target);
    if (!form || !root.contains(form)) return;
    if (followRequiredFields(form, managed)) workAhead(form);
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  for (const form of root.querySelectorAll<HTMLFormElement>(`form[${EARLY_FORM}]`)) {
    // Typed into before this script ran.
    followRequiredFields(form, managed);
    // The compute is what the page is for: it loads while the page paints (the page preloads it), so
    // the visitor's first steps share the machine with nothing else and the answer waits for nothing.
    const slug = form.getAttribute(EARLY_FORM);
    if (slug && !prepared.has(slug)) {
      prepared.add(slug);
      void compute.prepare(slug);
    }
  }

  return {
    answer(form) {
      const slug = form.getAttribute(EARLY_FORM);
      if (stopped || !slug || !root.contains(form)) return Promise.resolve(false);
      const ask = ++asked;
      latest.set(form, ask);
      const input = inputOf(form);
      const worked = ahead.get(form);
      const ready = worked?.key === JSON.stringify(input) ? worked : undefined;
      if (ready?.settled) return Promise.resolve(showResult(form, ready.settled));
      pending += 1;
      return (ready?.result ?? compute.run(slug, input))
        .then((result) => {
          if (stopped || latest.get(form) !== ask) return false;
          return showResult(form, result);
        })
        .catch(() => false)
        .finally(() => {
          pending -= 1;
        });
    },
    busy() {
      return pending > 0;
    },
    stop() {
      stopped = true;
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
    },
  };
}
