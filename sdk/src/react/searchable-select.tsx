import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Chevron } from './chevron';
import classes from './searchable-select.module.css';
import { TextField } from './text-field';

/** One choice: `keywords` (lower case) are what a search matches, its label and value by default. */
export interface SelectItem {
  value: string;
  label: string;
  keywords?: string;
}
export interface SelectGroup {
  group: string;
  items: readonly SelectItem[];
}
export type SelectData = readonly (string | SelectItem | SelectGroup)[];

export interface SearchableSelectProps {
  label: string;
  data: SelectData;
  /** The chosen value; `null` or one not in `data` shows an empty field. */
  value: string | null;
  onChange: (value: string) => void;
  /** The chosen value's name in the form (a hidden input holds it: the field itself shows its label). */
  name?: string;
  placeholder?: string;
  /** Shown when a search matches nothing. */
  nothingFound?: string;
  /**
   * The whole list is still on its way (`data` holds what is known so far, the chosen values): a
   * search that finds nothing yet shows `loadingLabel`, and Enter pressed there picks the best match
   * once the list has come, unless the field has been left meanwhile.
   */
  loading?: boolean;
  loadingLabel?: string;
  error?: ReactNode;
  maxDropdownHeight?: number;
  style?: CSSProperties;
}

interface Shown {
  group?: string;
  items: SelectItem[];
}

const asItem = (entry: string | SelectItem): SelectItem =>
  typeof entry === 'string' ? { value: entry, label: entry } : entry;

/** An item with its texts in lower case, made once per list rather than at each keystroke. */
interface Entry {
  item: SelectItem;
  value: string;
  label: string;
  haystack: string;
}
interface Prepared {
  runs: { group?: string; entries: Entry[] }[];
  /** What an empty search shows: everything, in the list's order. */
  all: Shown[];
}

const preparedLists = new WeakMap<SelectData, Prepared>();

function prepare(data: SelectData): Prepared {
  const known = preparedLists.get(data);
  if (known) return known;
  const prepareItem = (item: SelectItem): Entry => ({
    item,
    value: item.value.toLowerCase(),
    label: item.label.toLowerCase(),
    haystack: item.keywords ?? `${item.label} ${item.value}`.toLowerCase(),
  });
  const runs: Prepared['runs'] = [];
  let loose: Prepared['runs'][number] | undefined;
  for (const part of data) {
    if (typeof part !== 'string' && 'group' in part) {
      runs.push({ group: part.group, entries: part.items.map(prepareItem) });
      loose = undefined;
    } else {
      if (!loose) {
        loose = { entries: [] };
        runs.push(loose);
      }
      loose.entries.push(prepareItem(asItem(part)));
    }
  }
  const all = runs
    .map(({ group, entries }) => ({ group, items: entries.map((entry) => entry.item) }))
    .filter((run) => run.items.length > 0);
  const made = { runs, all };
  preparedLists.set(data, made);
  return made;
}

/** Letters (accented too), digits and the `+` and `:` of `utc+03:00`; spaces, `·`, `-` and the like end a word. */
function inWord(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code >= 0xc0) return code !== 0xd7 && code !== 0xf7 && (code < 0x2000 || code > 0x206f);
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 58) || code === 43;
}

/** How far `at` is into its part of `text`: parts are split by `·`, `-`, `(`… (`GBP - Pound Sterling`). */
function intoPart(text: string, at: number): number {
  let from = at;
  while (from > 0 && (text.charCodeAt(from - 1) === 32 || inWord(text, from - 1))) from--;
  return at - from;
}

/** Above any position in a label: the rank's unit. */
const SPAN = 4096;
const WHOLE = 0;
const START = 1;
const INSIDE = 2;

/** `word` in `text`: its best kind (WHOLE word, START of one, INSIDE one) × SPAN + where; -1 if absent. */
function locate(text: string, word: string): number {
  let best = -1;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (at > 0 && inWord(text, at - 1)) {
      if (best < 0) best = INSIDE * SPAN + Math.min(at, SPAN - 1);
    } else if (at + word.length < text.length && inWord(text, at + word.length)) {
      if (best < 0 || best >= INSIDE * SPAN) best = START * SPAN + Math.min(at, SPAN - 1);
    } else {
      return Math.min(at, SPAN - 1);
    }
  }
  return best;
}

/**
 * How well `entry` matches the search (lower is better), or -1 when a word is not in its haystack.
 * The value itself first (`eur` → EUR); then by the worst-matched word: a whole word of the label,
 * a whole word of the keywords, the start of a word of the label, of the keywords, inside a word.
 * Within a kind, the first word found nearer the start of its part of the label ranks first
 * ("Pound Sterling" before "Egyptian Pound"; `·` or `-` separate parts).
 */
function rank(entry: Entry, words: readonly string[], query: string): number {
  if (entry.value === query) return 0;
  let worst = 0;
  let position = 0;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    const anywhere = locate(entry.haystack, word);
    if (anywhere < 0) return -1;
    const inLabel = locate(entry.label, word);
    const labelKind = inLabel < 0 ? INSIDE : Math.floor(inLabel / SPAN);
    const kind = Math.floor(anywhere / SPAN);
    const grade =
      labelKind === WHOLE ? 0 : kind === WHOLE ? 1 : labelKind === START ? 2 : kind === START ? 3 : 4;
    if (index === 0 && (grade === 0 || grade === 2)) position = intoPart(entry.label, inLabel % SPAN);
    if (grade > worst) worst = grade;
  }
  return 1 + worst * SPAN + position;
}

/**
 * The groups (or runs of items outside a group) of `data` whose items match every word of `query`,
 * best first (see `rank`; equal ones keep the list's order), each group placed by its best item.
 */
export function filterData(data: SelectData, query: string): Shown[] {
  const { runs, all } = prepare(data);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return all;
  const whole = words.join(' ');
  const ranked: { group?: string; items: SelectItem[]; best: number }[] = [];
  for (const { group, entries } of runs) {
    const found: { item: SelectItem; rank: number }[] = [];
    for (const entry of entries) {
      const score = rank(entry, words, whole);
      if (score >= 0) found.push({ item: entry.item, rank: score });
    }
    if (found.length === 0) continue;
    found.sort((a, b) => a.rank - b.rank);
    ranked.push({ group, items: found.map((match) => match.item), best: found[0]?.rank ?? 0 });
  }
  ranked.sort((a, b) => a.best - b.best);
  return ranked.map(({ group, items }) => ({ group, items }));
}

/**
 * A text field that searches a list and picks one of its values: the ARIA 1.2 combobox pattern
 * (an input with `role="combobox"` driving a `listbox`) on the SDK's `TextField`, without Mantine's
 * `Select` and its floating-ui (about 30 KB). Typing filters (every word must match, the best
 * matches first: `filterData`), ↓/↑ move through the matches, Enter picks, Escape or leaving the
 * field restores the chosen value.
 */
export function SearchableSelect({
  label,
  data,
  value,
  onChange,
  name,
  placeholder,
  nothingFound = 'Nothing found',
  loading = false,
  loadingLabel = 'Loading…',
  error,
  maxDropdownHeight = 280,
  style,
}: SearchableSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  /** What the visitor typed since the field got focus; null: the chosen value's label is shown. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  /** Escape restored the chosen label: selected once shown, so typing starts a new search. */
  const reselect = useRef(false);
  /** Enter was pressed over a search while the list was still coming: its best match is picked when it comes. */
  const pickWhenListed = useRef(false);

  const selected = useMemo(() => {
    for (const entry of data) {
      const items = typeof entry !== 'string' && 'group' in entry ? entry.items : [asItem(entry)];
      const found = items.find((item) => item.value === value);
      if (found) return found;
    }
    return undefined;
  }, [data, value]);
  const shown = useMemo(() => (open ? filterData(data, query ?? '') : []), [open, data, query]);
  const flat = useMemo(() => shown.flatMap((group) => group.items), [shown]);

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    pickWhenListed.current = false;
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (item: SelectItem) => {
    close();
    if (item.value !== value) onChange(item.value);
  };
  const selectedIndex = () => {
    const all = filterData(data, '').flatMap((group) => group.items);
    return Math.max(
      0,
      all.findIndex((item) => item.value === value),
    );
  };

  useEffect(() => {
    if (reselect.current) {
      reselect.current = false;
      field.current?.select();
    }
    if (pickWhenListed.current && open && flat[0]) {
      pickWhenListed.current = false;
      pick(flat[0]);
      return;
    }
    if (!loading) pickWhenListed.current = false;
    if (!open || active < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(query === null ? selectedIndex() : 0);
        else setActive((current) => Math.min(flat.length - 1, current + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt(query === null ? selectedIndex() : 0);
        else setActive((current) => Math.max(0, current - 1));
        break;
      case 'Enter': {
        const item = open ? flat[active] : undefined;
        if (item) {
          event.preventDefault();
          pick(item);
        } else if (open) {
          event.preventDefault();
          pickWhenListed.current = loading && query !== null;
        }
        break;
      }
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          close();
          reselect.current = true;
        }
        break;
    }
  };

  let index = -1;
  return (
    <TextField
      ref={field}
      label={label}
      placeholder={placeholder}
      error={error}
      style={style}
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={open}
      aria-controls={listId}
      aria-activedescendant={open && active >= 0 && flat[active] ? optionId(active) : undefined}
      autoComplete="off"
      spellCheck={false}
      value={query ?? selected?.label ?? ''}
      onChange={(event) => {
        setQuery(event.currentTarget.value);
        openAt(0);
      }}
      onClick={() => (open ? close() : openAt(selectedIndex()))}
      onKeyDown={onKeyDown}
      // The chosen label selected: typing replaces it with a search. Only the label: a focus made
      // while React was taking the page over is heard again once it has, after the text typed since.
      onFocus={(event) => {
        if (event.currentTarget.value === (selected?.label ?? '')) event.currentTarget.select();
      }}
      onBlur={close}
      rightSection={<Chevron error={Boolean(error)} />}
      rightSectionPointerEvents="none"
      inputContainer={(input) => (
        <div className={classes.anchor}>
          {input}
          {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
          <div
            ref={list}
            id={listId}
            role="listbox"
            aria-label={label}
            className={classes.dropdown}
            style={{ maxHeight: maxDropdownHeight }}
            hidden={!open || flat.length === 0}
          >
            {shown.map((group, groupIndex) => {
              const options = group.items.map((item) => {
                index += 1;
                const at = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives options from the field (aria-activedescendant)
                  <div
                    key={item.value}
                    id={optionId(at)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={item.value === value}
                    data-active={at === active || undefined}
                    className={classes.option}
                    // Keeps the focus in the field (a click would blur it first and close the list).
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => at !== active && setActive(at)}
                    onClick={() => pick(item)}
                  >
                    {item.label}
                  </div>
                );
              });
              if (!group.group) return options;
              const groupLabel = `${id}-group-${groupIndex}`;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (no fieldset in a listbox)
                <div key={group.group} role="group" aria-labelledby={groupLabel}>
                  <div id={groupLabel} className={classes.groupLabel}>
                    {group.group}
                  </div>
                  {options}
                </div>
              );
            })}
          </div>
          {open && flat.length === 0 && (
            <div className={`${classes.dropdown} ${classes.saidOnly}`}>
              <div className={classes.empty}>{loading ? loadingLabel : nothingFound}</div>
            </div>
          )}
        </div>
      )}
    />
  );
}
