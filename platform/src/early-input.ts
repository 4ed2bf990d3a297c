/**
 * What a visitor does on a prerendered page before React takes it over is kept.
 *
 * The browser shows the prerendered form at once, so on a slow phone a visitor may type, pick or
 * press the button before the scripts have hydrated it. React keeps the typed text on screen while
 * hydrating but not in the form's state, so the next render would wipe it and a calculation would
 * run on empty fields. `holdEarlyInput` (called before hydrating) notes every change and holds back
 * a form's submission (and a press on a button only the app drives, and a key the app answers, such
 * as the search's Ctrl+K); the function it returns (called once the root has hydrated or rendered)
 * plays each change again as an ordinary event until React holds it, so the field's `onChange`
 * sees it, and then submits the held form, presses the held button and presses the held key again
 * (decisions 076 and 084).
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** A file input keeps its files; it cannot be given a value, only its `change` again. */
const isFile = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && field.type === 'file';

const isText = (field: Field): field is HTMLInputElement | HTMLTextAreaElement =>
  !isCheckable(field) && !isFile(field) && !(field instanceof HTMLSelectElement);

/**
 * A searchable list's field (the SDK's `SearchableSelect`, an ARIA combobox): it shows its choice's
 * label, and a search; only the app opens its list.
 */
export const isSearchField = (target: EventTarget | null): target is HTMLInputElement =>
  target instanceof HTMLInputElement && target.getAttribute('role') === 'combobox';

/**
 * The search typed into a searchable list's field before the app: the text put into its label (a
 * click left the caret inside it: the app selects the label on focus, the page could not yet), or,
 * where the label did not stay whole around it, the field's text as it is. `caret` (where typing
 * stopped) tells where it went where the text could have gone in at more than one place.
 */
export function typedSearch(text: string, label: string, caret = text.length): string {
  const length = text.length - label.length;
  if (length <= 0) return text;
  const around = (start: number) =>
    text.startsWith(label.slice(0, start)) && text.endsWith(label.slice(start))
      ? text.slice(start, start + length)
      : undefined;
  const atCaret = caret >= length ? around(caret - length) : undefined;
  if (atCaret !== undefined) return atCaret;
  let before = 0;
  while (before < label.length && text[before] === label[before]) before++;
  return around(before) ?? text;
}

/** A field the visitor has changed: its value (or checked state) differs from the page's own. */
function changedByVisitor(field: Field): boolean {
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (isFile(field)) return (field.files?.length ?? 0) > 0;
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
  if (isFile(field)) {
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
 * on every element it takes over, while rendering, before the page is committed. A part of the page
 * whose code comes later is adopted later.
 */
const adopted = (element: Element) => Object.keys(element).some((key) => key.startsWith('__react'));

/**
 * React already holds this text: a controlled field's `defaultValue` is the value React rendered
 * (React keeps it so), so a field showing the same text needs nothing played back.
 */
const reactHasText = (field: HTMLInputElement | HTMLTextAreaElement, text: string) =>
  field.value === text && field.defaultValue === text;

/**
 * Past this many frames of watching, nothing more is played back, so a field whose code never comes
 * does not hold a submission forever (frames with nothing waiting are not watched, nor counted).
 */
const MAX_FRAMES = 600;
/** A text field is played back at most this many times (React may show the text differently). */
const MAX_REPLAYS = 20;

/**
 * What names a field on the page, to find it again when React renders the page afresh instead of
 * adopting it (a page opened with a query string): its label, its type and its value for a radio.
 */
function fieldKey(field: Field): string {
  const label = field.labels?.[0]?.textContent?.trim() || field.getAttribute('aria-label') || field.name;
  const type = field instanceof HTMLSelectElement ? 'select' : field.type;
  return `${type}\u0000${label}\u0000${field.type === 'radio' ? field.value : ''}`;
}

/** The one field of the freshly rendered page with `key`, if there is exactly one. */
function twinOf(root: HTMLElement, key: string): Field | undefined {
  const twins = [...root.querySelectorAll<Field>('input, textarea, select')].filter(
    (f) => fieldKey(f) === key,
  );
  return twins.length === 1 ? twins[0] : undefined;
}

/** The keys of a form's fields (read while it is on the page: a label names its field only there). */
const fieldKeysOf = (form: HTMLFormElement): string[] => [...form.elements].filter(isField).map(fieldKey);

/**
 * The form of the freshly rendered page that stands for one React replaced, whose fields had `keys`:
 * the form of the twin of one of them. A shared link renders its tool's form afresh, with other
 * fields where the link chose another kind of calculation; a field they share (the kind) finds it.
 */
function twinFormOf(root: HTMLElement, keys: readonly string[]): HTMLFormElement | null {
  for (const key of keys) {
    const form = twinOf(root, key)?.form;
    if (form) return form;
  }
  return null;
}

/**
 * Calls `render`, which replaces the page with one React renders afresh, and gives the field the
 * visitor was in back its focus (its twin on the new page), in the same task: a key pressed next
 * (Enter to submit) reaches the new field rather than the page.
 */
export function keepingFocus(root: HTMLElement, render: () => void): void {
  const active = document.activeElement;
  const key = isField(active) && root.contains(active) ? fieldKey(active) : undefined;
  render();
  if (key) twinOf(root, key)?.focus();
}

interface Noted {
  value: string;
  checked: boolean;
  key: string;
}

export interface EarlyInputOptions {
  /** Told of each submission held back (the page may answer it meanwhile: early-answer.ts). */
  onHeldSubmit?: (form: HTMLFormElement) => void;
  /** A key the app answers once it has started (a shortcut): held until then, and pressed again. */
  holdsKey?: (event: KeyboardEvent) => boolean;
}

export function holdEarlyInput(
  root: HTMLElement,
  { onHeldSubmit, holdsKey }: EarlyInputOptions = {},
): () => void {
  const changed = new Map<Field, Noted>();
  /**
   * The label each searchable list's field was prerendered with. Once React has rendered the field
   * (its default is then React's value: the search so far), its text is the search as it is.
   */
  const prerenderedLabels = new WeakMap<Field, string>();
  const note = (field: Field) => {
    changed.set(field, {
      value:
        isSearchField(field) && prerenderedLabels.get(field) === field.defaultValue
          ? typedSearch(field.value, field.defaultValue, field.selectionEnd ?? undefined)
          : field.value,
      checked: isCheckable(field) && field.checked,
      key: fieldKey(field),
    });
  };
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (isSearchField(field)) prerenderedLabels.set(field, field.defaultValue);
    if (changedByVisitor(field)) note(field);
  }
  let playing = false;
  let replaying = false;
  /** What stands for a held form on the page as it is now: itself, or its twin (twinFormOf). */
  const heldFormNow = (form: HTMLFormElement) => (form.isConnected ? form : twinFormOf(root, heldFormKeys));
  const onChange = (event: Event) => {
    const field = event.target;
    if (replaying || !isField(field) || !root.contains(field)) return;
    // Text is noted until the play-back ends, even once React has adopted its field: typed while
    // React was hydrating (adopted, not yet committed), it reaches neither React's state nor the
    // note otherwise. Its last value is what is kept, and it is played back only if React lacks it.
    // Text is taken from `input` events only: the `change` that follows may find the field already
    // emptied by React taking it over. A click on a checkbox or a pick in a select is React's once
    // the field is adopted (played back again, it would be done twice); so is a file chosen.
    if (isText(field) ? event.type === 'input' : !adopted(field)) note(field);
    if (playing) watch();
  };
  let heldForm: HTMLFormElement | undefined;
  /** The keys of the held form's fields, noted when it was held. */
  let heldFormKeys: string[] = [];
  /** A held form being submitted again, now that React holds it. */
  let submitting: HTMLFormElement | undefined;
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form) || form === submitting) return;
    event.preventDefault();
    event.stopPropagation(); // React's own handler would compute on the values not yet played back
    heldForm = form;
    heldFormKeys = fieldKeysOf(form);
    onHeldSubmit?.(form);
    if (playing) watch();
  };
  /** A press on a button only the app drives (a star, a menu), made before React took it over. */
  let heldPress: HTMLButtonElement | undefined;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button) || button.disabled || adopted(button)) return;
    if (button.type === 'submit' && button.form) return; // its form's submission is held instead
    event.preventDefault();
    event.stopPropagation();
    heldPress = button;
    if (playing) watch();
  };
  /** The last key the app answers pressed before it started (its target and what was pressed). */
  let heldKey: { target: EventTarget | null; init: KeyboardEventInit } | undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (replaying || !holdsKey?.(event)) return;
    event.preventDefault(); // the browser's own meaning of the key (Ctrl+K: its search bar) is not wanted
    const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
    heldKey = { target: event.target, init: { key, code, ctrlKey, metaKey, altKey, shiftKey } };
  };
  /** A searchable list's field selects its label on focus, as the app's does: typing replaces it. */
  const selectLabel = (target: EventTarget | null) => {
    if (isSearchField(target) && root.contains(target) && !changedByVisitor(target)) target.select();
  };
  const onFocus = (event: Event) => selectLabel(event.target);
  selectLabel(document.activeElement);
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('input', onChange, true);
  document.addEventListener('change', onChange, true);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);

  /** Submits a held form again, a frame later (once React has rendered the values played back). */
  const submitAgain = (form: HTMLFormElement | null | undefined) => {
    if (!form) return;
    requestAnimationFrame(() => {
      if (!form.isConnected) return;
      submitting = form; // its submission is not held again
      form.requestSubmit();
      submitting = undefined;
    });
  };
  /** Presses a held button again, a frame later; it is React's by then, so the press is not held. */
  const pressAgain = (button: HTMLButtonElement | undefined) => {
    if (button) requestAnimationFrame(() => button.isConnected && button.click());
  };
  const finish = () => {
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('input', onChange, true);
    document.removeEventListener('change', onChange, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('click', onClick, true);
    submitAgain(heldForm && heldFormNow(heldForm));
    pressAgain(heldPress);
    heldForm = undefined;
    heldPress = undefined;
  };
  /**
   * A held submission whose form's fields React holds, every change to them played back, is made
   * now, not when the whole page is React's; so is a held press on a button React holds.
   */
  const releaseReady = () => {
    // A held form that is gone, its twin not rendered yet (a tool's view comes with its own
    // script), stays held until it is.
    const form = heldForm && heldFormNow(heldForm);
    if (form) {
      const ofForm = (field: Field) => field.form === form;
      if (![...changed.keys()].some(ofForm) && !notAdopted.some(ofForm)) {
        heldForm = undefined;
        submitAgain(form);
      }
    }
    if (heldPress && (!heldPress.isConnected || adopted(heldPress))) {
      pressAgain(heldPress);
      heldPress = undefined;
    }
  };
  // Each field is played back once React has adopted it (or dropped, if React rendered it anew), and
  // the play-back lasts until React has adopted every field of the page.
  // Adopted is not yet committed (React hydrates in slices, and an event reaching a part not yet
  // committed is lost): text stays noted until its field shows that React holds it, played back
  // again each frame meanwhile (a few times at most).
  // A frame is watched only while something waits (a change to play back, a held submission or
  // press): a part whose code comes only when the visitor reaches for it (Home's sign-in card) is
  // then not watched frame by frame, and a change made there later starts the watch again.
  let frames = 0;
  let watching = false;
  const watch = () => {
    if (watching) return;
    watching = true;
    requestAnimationFrame(playAdopted);
  };
  const attempts = new Map<Field, number>();
  /** The prerendered fields React has not taken over yet (read once; a field React renders is its own). */
  let notAdopted: Field[] = [];
  const playAdopted = () => {
    watching = false;
    for (const [noted, wanted] of changed) {
      let field = noted;
      if (!field.isConnected) {
        // Rendered afresh: the same field on the new page takes the note, if it can be told.
        changed.delete(noted);
        if (isFile(noted)) continue; // the new page's file input has no files to give
        const twin = twinOf(root, wanted.key);
        if (!twin || changed.has(twin)) continue;
        field = twin;
        changed.set(field, wanted);
      }
      if (adopted(field)) {
        if (isText(field) && reactHasText(field, wanted.value)) {
          changed.delete(field);
          continue;
        }
        const tries = (attempts.get(field) ?? 0) + 1;
        attempts.set(field, tries);
        if (!isText(field) || tries >= MAX_REPLAYS) changed.delete(field);
        replaying = true; // its own events are not the visitor's
        replay(field, wanted);
        replaying = false;
      }
    }
    frames += 1;
    // A part whose code comes later (a lazy tool view) is adopted after the rest of the page has
    // hydrated: what is typed there meanwhile is noted too, until every field is React's.
    notAdopted = notAdopted.filter((f) => f.isConnected && !adopted(f));
    releaseReady();
    playBackKey();
    if ((changed.size === 0 && notAdopted.length === 0 && !heldForm && !heldKey) || frames > MAX_FRAMES) {
      finish();
      return;
    }
    if (changed.size > 0 || heldForm || heldPress || heldKey) watch();
  };
  /**
   * The app answers keys from the moment it holds the page (not only once every field is its own);
   * a key pressed in a searchable list's field, once React holds the field and the search typed
   * there (Enter picks from the list of that search).
   */
  const playBackKey = () => {
    const key = heldKey;
    if (!key) return;
    const field = isSearchField(key.target) && key.target.isConnected ? key.target : undefined;
    if (field && (!adopted(field) || changed.has(field))) return; // a frame later
    heldKey = undefined;
    requestAnimationFrame(() => {
      const target = key.target instanceof Node && key.target.isConnected ? key.target : document.body;
      target.dispatchEvent(new KeyboardEvent('keydown', { ...key.init, bubbles: true, cancelable: true }));
    });
  };
  return function playBack() {
    if (playing) return;
    playing = true;
    document.removeEventListener('keydown', onKeyDown, true);
    notAdopted = [...root.querySelectorAll<Field>('input, textarea, select')];
    playAdopted();
  };
}
