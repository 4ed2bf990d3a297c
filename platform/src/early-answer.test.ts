// @vitest-environment happy-dom
import type { Result } from '@toolbox/sdk';
import type { ComputeApi } from '@toolbox/sdk/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerEarly, fillFromLink, inputOf, opensAppList, worksWithoutTheApp } from './early-answer';

const FORM = `
  <form data-early-answer="bmi-calculator" data-early-initial='{"system":"metric","weight":"","height":"","feet":"","inches":"","remember":true}'>
    <input type="radio" name="system" value="metric" checked>
    <input type="radio" name="system" value="imperial">
    <input name="weight" required>
    <input name="height" required>
    <input type="checkbox" name="remember" checked>
    <input aria-label="not named">
    <button type="submit" disabled data-disabled="true">Calculate BMI</button>
    <div aria-live="polite"><div data-early-outcome></div></div>
  </form>`;

function page(html = FORM) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const form = root.querySelector('form') as HTMLFormElement;
  const field = (name: string) => form.querySelector(`[name="${name}"]`) as HTMLInputElement;
  const type = (name: string, value: string) => {
    field(name).value = value;
    field(name).dispatchEvent(new Event('input', { bubbles: true }));
  };
  return { root, form, field, type, button: form.querySelector('button') as HTMLButtonElement };
}

/** A compute worker stand-in: records what it is asked, answers with `answer` when told to. */
function fakeCompute(answer: (input: Record<string, unknown>) => Result<unknown>) {
  const asked: { slug: string; input: Record<string, unknown> }[] = [];
  const prepared: string[] = [];
  const api: ComputeApi = {
    run: async (slug, input) => {
      asked.push({ slug, input: input as Record<string, unknown> });
      return answer(input as Record<string, unknown>);
    },
    prepare: async (slug) => {
      prepared.push(slug);
    },
  };
  return { api, asked, prepared };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('inputOf', () => {
  it('starts from the initial values and takes each named field: the checked radio, a checkbox as yes/no', () => {
    const { form, field } = page();
    field('weight').value = '70';
    field('height').value = ' 1.75 ';
    (form.querySelector('[value="imperial"]') as HTMLInputElement).checked = true;
    field('remember').checked = false;
    expect(inputOf(form)).toEqual({
      system: 'imperial',
      weight: '70',
      height: ' 1.75 ',
      feet: '',
      inches: '',
      remember: false,
    });
  });
});

describe('fillFromLink', () => {
  const link = (query: string) => new URLSearchParams(query);

  it('writes a shared link into the fields, the radio of its value checked; an empty value of a field not shown is nothing', () => {
    const { form, field } = page();
    expect(fillFromLink(form, link('system=imperial&weight=70&height=1.75&feet=&inches='))).toBe(true);
    expect(inputOf(form)).toMatchObject({ system: 'imperial', weight: '70', height: '1.75', feet: '' });
    expect(field('weight').value).toBe('70');
  });

  it('reads a value as the router does: text the router quoted ("1.50") shows without its quotes', () => {
    const { form, field } = page();
    const written = new URLSearchParams({ system: 'metric', weight: '"70.0"', height: '" 1.75 "' });
    expect(written.toString()).toBe('system=metric&weight=%2270.0%22&height=%22+1.75+%22');
    expect(fillFromLink(form, written)).toBe(true);
    expect(field('weight').value).toBe('70.0');
    expect(field('height').value).toBe(' 1.75 ');
    // A bare JSON number is that number; anything else is the text as written.
    expect(fillFromLink(form, link('weight=1e3&height=1.7x'))).toBe(true);
    expect(field('weight').value).toBe('1000');
    expect(field('height').value).toBe('1.7x');
    expect(fillFromLink(form, link('system=%22imperial%22'))).toBe(true);
    expect(inputOf(form)).toMatchObject({ system: 'imperial' });
  });

  it('leaves the form alone when the link names a field it has not, a choice it lacks, no finite number, or it has a searchable list', () => {
    const { form, field } = page();
    expect(fillFromLink(form, link('weight=70&feet=5'))).toBe(false);
    expect(fillFromLink(form, link('weight=70&system=metric-ish'))).toBe(false);
    expect(fillFromLink(form, link('weight=70&remember=false'))).toBe(false);
    expect(fillFromLink(form, link('weight=1e999&height=1.75'))).toBe(false);
    expect(fillFromLink(form, link('weight=70&height=NaN'))).toBe(false);
    expect(field('weight').value).toBe('');
    const withList = page(
      FORM.replace('<input name="height" required>', '<input name="height" role="combobox">'),
    );
    expect(fillFromLink(withList.form, link('weight=70'))).toBe(false);
  });
});

describe('worksWithoutTheApp', () => {
  it('is true of the plain fields of a form the page answers, their labels and its submit button', () => {
    const { form, field } = page(
      FORM.replace(
        '<input aria-label="not named">',
        '<label>Weight <input id="w"></label><input role="combobox" name="zone"><button type="button">Add</button>',
      ),
    );
    expect(worksWithoutTheApp(field('weight'))).toBe(true);
    expect(worksWithoutTheApp(form.querySelector('label') as HTMLElement)).toBe(true);
    expect(worksWithoutTheApp(form.querySelector('button[type="submit"]'))).toBe(true);
    expect(worksWithoutTheApp(field('zone'))).toBe(false);
    expect(worksWithoutTheApp(form.querySelector('button[type="button"]'))).toBe(false);
    form.removeAttribute('data-early-answer');
    expect(worksWithoutTheApp(field('weight'))).toBe(false);
    expect(worksWithoutTheApp(document.body)).toBe(false);
  });
});

describe('opensAppList', () => {
  it('is true of an arrow key on a combobox, and of Enter over a search typed there, and of no other key or field', () => {
    const { field } = page(
      FORM.replace('<input aria-label="not named">', '<input role="combobox" name="zone">'),
    );
    const press = (target: HTMLElement, key: string) => {
      let held = false;
      target.addEventListener('keydown', (event) => (held = opensAppList(event)), { once: true });
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      return held;
    };
    expect(press(field('zone'), 'ArrowDown')).toBe(true);
    expect(press(field('zone'), 'ArrowUp')).toBe(true);
    expect(press(field('zone'), 'a')).toBe(false);
    expect(press(field('zone'), 'Enter')).toBe(false);
    expect(press(field('weight'), 'ArrowDown')).toBe(false);
    // Enter over a search typed there picks from the list (the app's), rather than submitting.
    field('zone').value = 'new york';
    expect(press(field('zone'), 'Enter')).toBe(true);
    expect(press(field('weight'), 'Enter')).toBe(false);
  });
});

describe('answerEarly', () => {
  it('writes the result’s text in the outcome’s place, and the compute’s message when it refuses', async () => {
    const { root, form, type } = page();
    const compute = fakeCompute((input) =>
      input.weight === 'heavy'
        ? { ok: false, error: 'Please enter a valid weight.' }
        : { ok: true, value: { bmi: 22.9, text: 'Your BMI is 22.9 (Normal Weight)' } },
    );
    const early = answerEarly(root, compute.api);
    type('weight', '70');
    type('height', '1.75');
    expect(await early.answer(form)).toBe(true);
    // Asked once, as the form became complete; the press found the answer ready.
    expect(compute.asked).toEqual([
      {
        slug: 'bmi-calculator',
        input: { system: 'metric', weight: '70', height: '1.75', feet: '', inches: '', remember: true },
      },
    ]);
    const place = form.querySelector('[data-early-outcome]') as HTMLElement;
    expect(place.querySelector('[data-early-result]')?.textContent).toBe('Your BMI is 22.9 (Normal Weight)');

    type('weight', 'heavy');
    expect(await early.answer(form)).toBe(true);
    const error = place.querySelector('[data-early-error]');
    expect(error?.textContent).toBe('Please enter a valid weight.');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(place.querySelector('[data-early-result]')).toBeNull();
  });

  it('leaves a result without a sentence, a form it cannot answer, and everything once stopped, to the app', async () => {
    const { root, form } = page();
    const compute = fakeCompute(() => ({ ok: true, value: { fontSize: 40 } }));
    const early = answerEarly(root, compute.api);
    const place = form.querySelector('[data-early-outcome]') as HTMLElement;
    expect(await early.answer(form)).toBe(false);
    expect(place.childNodes).toHaveLength(0);

    form.removeAttribute('data-early-answer');
    expect(await early.answer(form)).toBe(false);
    expect(compute.asked).toHaveLength(1);

    form.setAttribute('data-early-answer', 'bmi-calculator');
    early.stop();
    expect(await early.answer(form)).toBe(false);
    expect(compute.asked).toHaveLength(1);
  });

  it('shows only the latest answer when two are asked for, and is busy while one is on its way', async () => {
    const { root, form, type } = page();
    const waiting: ((value: Result<unknown>) => void)[] = [];
    const api: ComputeApi = {
      run: () => new Promise((resolve) => waiting.push(resolve)),
      prepare: async () => {},
    };
    const early = answerEarly(root, api);
    type('weight', '70');
    const first = early.answer(form);
    type('weight', '80');
    const second = early.answer(form);
    expect(waiting).toHaveLength(2);
    expect(early.busy()).toBe(true);
    waiting[1]?.({ ok: true, value: { text: 'second' } });
    waiting[0]?.({ ok: true, value: { text: 'first' } });
    expect(await second).toBe(true);
    expect(await first).toBe(false);
    expect(early.busy()).toBe(false);
    expect(form.querySelector('[data-early-result]')?.textContent).toBe('second');
  });

  it('works the answer out once the form is complete and shows it in the same task as the press', async () => {
    const { root, form, type } = page();
    const compute = fakeCompute((input) => ({ ok: true, value: { text: `BMI of ${input.weight}` } }));
    const early = answerEarly(root, compute.api);
    type('weight', '70');
    expect(compute.asked).toHaveLength(0); // height still empty: nothing to work out
    type('height', '1.75');
    type('height', '1.75');
    expect(compute.asked).toHaveLength(1); // the same input twice is one answer
    await Promise.resolve();
    const answered = early.answer(form);
    // Shown before anything is awaited: in the task of the press.
    expect(form.querySelector('[data-early-result]')?.textContent).toBe('BMI of 70');
    expect(await answered).toBe(true);
    expect(compute.asked).toHaveLength(1);

    // Changed since: the press waits for the answer to the form as it stands, not the one before.
    type('weight', '80');
    type('weight', '90');
    const pressed = early.answer(form);
    expect(form.querySelector('[data-early-result]')?.textContent).toBe('BMI of 70');
    expect(await pressed).toBe(true);
    expect(form.querySelector('[data-early-result]')?.textContent).toBe('BMI of 90');
    expect(compute.asked.map(({ input }) => input.weight)).toEqual(['70', '80', '90']);
  });

  it('asks again on the press when the answer worked out ahead failed, and works nothing out once stopped', async () => {
    const { root, form, type } = page();
    let fail = true;
    const asked: unknown[] = [];
    const api: ComputeApi = {
      run: async (_slug, input) => {
        asked.push(input);
        if (fail) throw new Error('the worker did not start');
        return { ok: true, value: { text: 'answered' } };
      },
      prepare: async () => {},
    };
    const early = answerEarly(root, api);
    type('weight', '70');
    type('height', '1.75');
    await Promise.resolve();
    fail = false;
    expect(await early.answer(form)).toBe(true);
    expect(asked).toHaveLength(2);
    expect(form.querySelector('[data-early-result]')?.textContent).toBe('answered');
    early.stop();
    type('weight', '71');
    expect(asked).toHaveLength(2);
  });

  it('enables a button rendered disabled once every required field is filled in, and disables it again', () => {
    const { root, type, button } = page();
    answerEarly(root, fakeCompute(() => ({ ok: false, error: 'x' })).api);
    type('weight', '70');
    expect(button.disabled).toBe(true);
    type('height', '1.75');
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('data-disabled')).toBe(false);
    type('height', '  ');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('data-disabled')).toBe('true');
  });

  it('leaves a button the page renders enabled alone, and forms without required fields', () => {
    const { root, type, button } = page(FORM.replace(' disabled data-disabled="true"', ''));
    answerEarly(root, fakeCompute(() => ({ ok: false, error: 'x' })).api);
    type('weight', '');
    expect(button.disabled).toBe(false);
    const other = page(FORM.replaceAll(' required', ''));
    answerEarly(other.root, fakeCompute(() => ({ ok: false, error: 'x' })).api);
    other.type('weight', '70');
    other.type('height', '1.75');
    expect(other.button.disabled).toBe(true);
  });

  it('prepares the compute of each tool whose form it answers, once, as it starts', () => {
    const { root } = page(`${FORM}${FORM}${FORM.replace(' data-early-answer="bmi-calculator"', '')}`);
    const compute = fakeCompute(() => ({ ok: false, error: 'x' }));
    answerEarly(root, compute.api);
    expect(compute.prepared).toEqual(['bmi-calculator']);
  });
});
