// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput, typedSearch } from './early-input';

/** What React does when it takes a prerendered field over: its keys on the element, its own value. */
function adopt(field: HTMLInputElement, reactValue: string) {
  Object.assign(field, { __reactFiber$test: {} });
  field.defaultValue = reactValue;
  field.value = reactValue;
}

const nextFrames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

/** A prerendered page: `html` in #root, which is returned. */
function mount(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('holdEarlyInput', () => {
  it('keeps text typed into a part that React adopts after the rest of the page has hydrated', async () => {
    const root = mount('<form><input type="date" aria-label="Birth date"></form>');
    const field = root.querySelector('input') as HTMLInputElement;
    const playBack = holdEarlyInput(root);
    // The page has hydrated; the lazy view holding the field has not yet.
    playBack();
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));

    field.value = '1996-01-01';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // React takes the view over with its own (empty) value before the typing's `change` arrives.
    adopt(field, '');
    field.dispatchEvent(new Event('change', { bubbles: true }));
    await nextFrames(3);

    expect(field.value).toBe('1996-01-01');
    // Played back as an input event, so React's onChange takes the text into the form's state.
    expect(heard.at(-1)).toBe('1996-01-01');
  });

  it('plays nothing back once every field is React’s and holds its text', async () => {
    const root = mount('<form><input aria-label="Weight"></form>');
    const field = root.querySelector('input') as HTMLInputElement;
    const playBack = holdEarlyInput(root);
    adopt(field, '70');
    playBack();
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));
    await nextFrames(3);
    expect(heard).toEqual([]);
    expect(field.value).toBe('70');
  });

  it('gives React a file chosen before it took the field over, as a change event', async () => {
    const root = mount('<form><input type="file" aria-label="Image"></form>');
    const field = root.querySelector('input') as HTMLInputElement;
    const playBack = holdEarlyInput(root);
    Object.defineProperty(field, 'files', { value: [new File(['x'], 'mine.png')] });
    field.dispatchEvent(new Event('change', { bubbles: true }));
    const heard: number[] = [];
    field.addEventListener('change', () => heard.push(field.files?.length ?? 0));
    Object.assign(field, { __reactFiber$test: {} });
    playBack();
    await nextFrames(2);
    expect(heard).toEqual([1]);
  });

  it('holds a press on a button React has not taken over and presses it again once it has', async () => {
    const root = mount(
      '<button type="button">Add to favourites</button><form><button type="submit">Go</button></form>',
    );
    const [star, submit] = [...root.querySelectorAll('button')] as HTMLButtonElement[];
    if (!star || !submit) throw new Error('no buttons');
    const pressed: string[] = [];
    root.addEventListener('click', (event) => pressed.push((event.target as HTMLElement).textContent ?? ''));
    const playBack = holdEarlyInput(root);
    star.click();
    // A form's own button is left to the browser: its submission is what is held.
    submit.addEventListener('click', (event) => event.preventDefault());
    submit.click();
    expect(pressed).toEqual(['Go']);

    Object.assign(star, { __reactFiber$test: {} });
    playBack();
    await nextFrames(2);
    expect(pressed).toEqual(['Go', 'Add to favourites']);
    // Once React holds the button, a press is its own.
    star.click();
    expect(pressed).toEqual(['Go', 'Add to favourites', 'Add to favourites']);
  });

  it('watches no frame while nothing waits on a part React has not taken over, and plays back what is typed there later', async () => {
    const root = mount('<input aria-label="Search"><form><input aria-label="Username"></form>');
    const [search, username] = [...root.querySelectorAll('input')] as HTMLInputElement[];
    if (!search || !username) throw new Error('no fields');
    const playBack = holdEarlyInput(root);
    adopt(search, '');
    // The page has hydrated; the sign-in card's code comes only when the visitor reaches for it.
    playBack();
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames).not.toHaveBeenCalled();
    frames.mockRestore();

    username.value = 'ada';
    username.dispatchEvent(new Event('input', { bubbles: true }));
    const heard: string[] = [];
    username.addEventListener('input', () => heard.push(username.value));
    adopt(username, '');
    await nextFrames(3);
    expect(username.value).toBe('ada');
    expect(heard.at(-1)).toBe('ada');
  });

  it('submits a held form that React rendered afresh as the new form sharing a field with it, once there', async () => {
    const root = mount(
      '<form id="prerendered"><label for="kind">Calculation</label><select id="kind" name="type"></select>' +
        '<input aria-label="Rate (%)" name="rate"><button>Calculate</button></form>',
    );
    const submitted: string[] = [];
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push((event.target as HTMLFormElement).id);
    });
    const playBack = holdEarlyInput(root);
    (root.querySelector('button') as HTMLButtonElement).click();
    expect(submitted).toEqual([]);

    // A shared link of another kind of calculation: React renders the page afresh, the tool's form
    // (its view's script still loading) a little later, with other fields.
    root.innerHTML = '<h1>Financial Calculator</h1>';
    playBack();
    await nextFrames(3);
    expect(submitted).toEqual([]);
    root.insertAdjacentHTML(
      'beforeend',
      '<form id="rendered"><label for="kind-2">Calculation</label><select id="kind-2" name="type"></select>' +
        '<input aria-label="From" name="from"><button>Calculate</button></form>',
    );
    for (const element of root.querySelectorAll('form, select, input, button')) {
      Object.assign(element, { __reactFiber$test: {} });
    }
    await nextFrames(3);
    expect(submitted).toEqual(['rendered']);
  });

  it('submits a held form once React holds it and its fields, while another part is not React’s yet', async () => {
    const root = mount(
      '<form id="tool"><input aria-label="Weight"></form><form id="card"><input aria-label="Username"></form>',
    );
    const tool = document.getElementById('tool') as HTMLFormElement;
    const weight = tool.querySelector('input') as HTMLInputElement;
    // A controlled field: React renders the text it was given as the field's own.
    weight.addEventListener('input', () => {
      weight.defaultValue = weight.value;
    });
    const submitted: string[] = [];
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push((event.target as HTMLFormElement).id);
    });
    const playBack = holdEarlyInput(root);
    weight.value = '70';
    weight.dispatchEvent(new Event('input', { bubbles: true }));
    tool.requestSubmit();
    expect(submitted).toEqual([]);

    adopt(weight, '');
    playBack();
    await nextFrames(5);
    expect(weight.value).toBe('70');
    expect(submitted).toEqual(['tool']);
    // Submitted again by the visitor, it is held a frame at most while the card is not React's.
    tool.requestSubmit();
    await nextFrames(3);
    expect(submitted).toEqual(['tool', 'tool']);
  });

  it('selects a searchable list’s label on focus, and plays back only the search typed into it', async () => {
    const label = 'UTC+00:00 · UTC · Coordinated Universal Time';
    const root = mount(`<form><input role="combobox" aria-label="From time zone" value="${label}"></form>`);
    const field = root.querySelector('input') as HTMLInputElement;
    const playBack = holdEarlyInput(root);
    field.focus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, label.length]);

    // The caret was inside the label all the same (the visitor clicked before the page's script ran).
    // In `Universal`: `new york` after `U`, as typed, or `ew yorkn` after `Un`; the caret tells.
    field.value = `${label.slice(0, 31)}new york${label.slice(31)}`;
    field.setSelectionRange(39, 39);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));
    adopt(field, label);
    playBack();
    await nextFrames(2);
    expect(heard.at(-1)).toBe('new york');
  });
  it('leaves to React a search typed into a searchable list’s field it holds, while another part is not React’s yet', async () => {
    // The currency list is still coming: the field shows no label yet.
    const root = mount(
      '<form><input role="combobox" aria-label="To" value=""></form><form><input aria-label="Username"></form>',
    );
    const field = root.querySelector('input') as HTMLInputElement;
    const playBack = holdEarlyInput(root);
    adopt(field, '');
    // As React renders a controlled field: the value it holds becomes the field's default.
    field.addEventListener('input', () => (field.defaultValue = field.value));
    playBack(); // the sign-in card is not React's yet: the play-back goes on
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));
    field.focus();
    for (const letter of 'eur') {
      field.value += letter;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      await nextFrames(1);
    }
    await nextFrames(2);
    expect(field.value).toBe('eur');
    expect(heard).toEqual(['e', 'eu', 'eur']);
  });
});

describe('a key held in a searchable list’s field', () => {
  it('is pressed again once React holds the field and the search typed there, after the search', async () => {
    const root = mount('<form><input role="combobox" aria-label="To" value="EUR - Euro"></form>');
    const field = root.querySelector('input') as HTMLInputElement;
    const playBack = holdEarlyInput(root, { holdsKey: (event) => event.key === 'Enter' });
    field.focus();
    field.value = 'pound';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(`input ${field.value}`));
    field.addEventListener('keydown', (event) => heard.push(`key ${event.key}`));

    playBack(); // the page is React's, the tool's view (and the field) not yet
    await nextFrames(3);
    expect(heard).toEqual([]);
    adopt(field, 'EUR - Euro');
    // As React renders a controlled field: the value it holds becomes the field's default.
    field.addEventListener('input', () => (field.defaultValue = field.value));
    await nextFrames(3);
    expect(heard).toEqual(['input pound', 'key Enter']);
  });
});

describe('typedSearch', () => {
  const label = 'GBP - Pound Sterling';
  it.each([
    ['typed into the label', 'GBP - Poueurnd Sterling', 'eur'],
    ['typed at its end', 'GBP - Pound Sterlingeur', 'eur'],
    ['typed at its start', 'eurGBP - Pound Sterling', 'eur'],
    ['typed over the selected label', 'eur', 'eur'],
    ['typed over it, starting as it does', 'GBP', 'GBP'],
    ['part of the label replaced', 'GBP - eur Sterling', 'GBP - eur Sterling'],
    ['the label unchanged', label, label],
    ['emptied', '', ''],
  ])('%s', (_, text, search) => {
    expect(typedSearch(text, label)).toBe(search);
  });

  it('takes the text before the caret where it could have gone in at more than one place', () => {
    const zone = 'UTC · Coordinated Universal Time';
    const text = 'UTC · Coordinated Unew yorkniversal Time';
    expect(typedSearch(text, zone, 27)).toBe('new york');
    expect(typedSearch(text, zone, 28)).toBe('ew yorkn');
    // A caret that does not end an insertion (the field lost it) leaves the first place that fits.
    expect(typedSearch(text, zone, 3)).toBe('ew yorkn');
  });
});
