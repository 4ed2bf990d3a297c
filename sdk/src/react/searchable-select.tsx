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

/** The groups (or one unnamed group) of `data` whose items match every word of `query`. */
function filterData(data: SelectData, query: string): Shown[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (item: SelectItem) => {
    const haystack = item.keywords ?? `${item.label} ${item.value}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
  const shown: Shown[] = [];
  let loose: Shown | undefined;
  for (const entry of data) {
    if (typeof entry !== 'string' && 'group' in entry) {
      const items = entry.items.filter(matches);
      if (items.length > 0) shown.push({ group: entry.group, items });
      loose = undefined;
    } else {
      const item = asItem(entry);
      if (!matches(item)) continue;
      if (!loose) {
        loose = { items: [] };
        shown.push(loose);
      }
      loose.items.push(item);
    }
  }
  return shown;
}

/**
 * A text field that searches a list and picks one of its values: the ARIA 1.2 combobox pattern
 * (an input with `role="combobox"` driving a `listbox`) on the SDK's `TextField`, without Mantine's
 * `Select` and its floating-ui (about 30 KB). Typing filters (every word must match), ↓/↑ move
 * through the matches, Enter picks, Escape or leaving the field restores the chosen value.
 */
export function SearchableSelect({
  label,
  data,
  value,
  onChange,
  name,
  placeholder,
  nothingFound = 'Nothing found',
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

  useEffect(() => {
    if (reselect.current) {
      reselect.current = false;
      field.current?.select();
    }
    if (!open || active < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  });

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
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
      // The chosen label selected: typing replaces it with a search.
      onFocus={(event) => event.currentTarget.select()}
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
            <div className={classes.dropdown}>
              <div className={classes.empty}>{nothingFound}</div>
            </div>
          )}
        </div>
      )}
    />
  );
}
