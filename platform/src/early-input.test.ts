// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyInput } from './early-input';

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

afterEach(() => {
  document.body.replaceChildren();
});

describe('holdEarlyInput', () => {
  it('keeps text typed into a part that React adopts after the rest of the page has hydrated', async () => {
    document.body.innerHTML = '<div id="root"><form><input type="date" aria-label="Birth date"></form></div>';
    const root = document.getElementById('root') as HTMLElement;
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
    document.body.innerHTML = '<div id="root"><form><input aria-label="Weight"></form></div>';
    const root = document.getElementById('root') as HTMLElement;
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
    document.body.innerHTML = '<div id="root"><form><input type="file" aria-label="Image"></form></div>';
    const root = document.getElementById('root') as HTMLElement;
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
    document.body.innerHTML =
      '<div id="root"><button type="button">Add to favourites</button><form><button type="submit">Go</button></form></div>';
    const root = document.getElementById('root') as HTMLElement;
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
});
