/**
 * What a visitor does on a prerendered page before React takes it over is kept.
 *
 * The browser shows the prerendered form at once, so on a slow phone a visitor may type, pick or
 * press the button before the scripts have hydrated it. React keeps the typed text on screen while
 * hydrating but not in the form's state, so the next render would wipe it and a calculation would
 * run on empty fields. `holdEarlyInput` (called before hydrating) notes every change and holds back
 * a form's submission; the function it returns (called once the root has hydrated) plays each change
 * again as an ordinary event as soon as React has adopted its field, so the field's `onChange` sees
 * it, and then submits the held form.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** A field the visitor has changed: its value (or checked state) differs from the page's own. */
function changedByVisitor(field: Field): boolean {
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

/** Sets a value behind the field's back (the prototype's setter), so its next event reads as a change. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

function replay(field: Field, wanted: { value: string; checked: boolean }) {
  if (!field.isConnected) return;
  if (isCheckable(field)) {
    if (field.type === 'radio' && !wanted.checked) return; // its group's checked radio replays it
    field.checked = !wanted.checked;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = wanted.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // Through the element's own setter first (React notes it), then the prototype's: React then sees
  // the visitor's text as new and calls the field's onChange with it.
  field.value = wanted.value === '' ? ' ' : '';
  setNativeValue(field, wanted.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * React has adopted the element: hydration puts its own keys (`__reactFiber$…`, `__reactProps$…`)
 * on every element it takes over. A part of the page whose code comes later is adopted later.
 */
const adopted = (element: Element) => Object.keys(element).some((key) => key.startsWith('__react'));

export function holdEarlyInput(root: HTMLElement): () => void {
  const changed = new Map<Field, { value: string; checked: boolean }>();
  const note = (field: Field) => {
    changed.set(field, { value: field.value, checked: isCheckable(field) && field.checked });
  };
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (changedByVisitor(field)) note(field);
  }
  const onChange = (event: Event) => {
    const field = event.target;
    if (isField(field) && root.contains(field) && !adopted(field)) note(field);
  };
  let heldForm: HTMLFormElement | undefined;
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form) || (adopted(form) && changed.size === 0))
      return;
    event.preventDefault();
    event.stopPropagation(); // React's own handler would compute on the values not yet played back
    heldForm = form;
  };
  document.addEventListener('input', onChange, true);
  document.addEventListener('change', onChange, true);
  document.addEventListener('submit', onSubmit, true);

  const finish = () => {
    document.removeEventListener('input', onChange, true);
    document.removeEventListener('change', onChange, true);
    document.removeEventListener('submit', onSubmit, true);
    const form = heldForm;
    heldForm = undefined;
    // A frame later, once React has rendered the replayed values, so the submission computes on them.
    if (form) requestAnimationFrame(() => form.isConnected && form.requestSubmit());
  };
  // Each field is played back as soon as React has adopted it (or dropped, if React rendered it anew).
  let frames = 0;
  const playAdopted = () => {
    for (const [field, wanted] of changed) {
      if (!field.isConnected) changed.delete(field);
      else if (adopted(field)) {
        changed.delete(field);
        replay(field, wanted);
      }
    }
    frames += 1;
    if (changed.size === 0 || frames > 600) finish();
    else requestAnimationFrame(playAdopted);
  };
  let started = false;
  return function playBack() {
    if (started) return;
    started = true;
    playAdopted();
  };
}
