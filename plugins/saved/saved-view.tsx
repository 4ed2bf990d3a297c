import { Alert, Anchor, Checkbox, Container, Group, Paper, rem, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { byText, type SavedCalculation } from '@toolbox/sdk';
import { Button, Dialog, notify, TextField, useYourTools, useYourToolsStore } from '@toolbox/sdk/react';
import { SEARCH_MAX } from '@toolbox/sdk/wire';
import { SAVED_NAME_MAX } from '@toolbox/sdk/your-tools';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { downloadBlob } from '../_shared/lists/export/client';
import { ExportStatus } from '../_shared/lists/export/export-progress';
import type { ExportColumn } from '../_shared/lists/export/types';
import { useExport } from '../_shared/lists/export/use-export';
import { COMPARE_IDS_KEY, COMPARE_MAX, COMPARE_MIN, COMPARE_PATH } from './paths';
import { useSavedCalculations } from './use-saved';

const labelOf = (slug: string) => tools.find((tool) => tool.slug === slug)?.label ?? slug;
const routeOf = (slug: string) => tools.find((tool) => tool.slug === slug)?.route;
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const COLUMNS: readonly ExportColumn<SavedCalculation>[] = [
  { header: 'Tool', value: (c) => labelOf(c.tool) },
  { header: 'Name', value: (c) => c.name },
  { header: 'Result', value: (c) => c.result_text },
  { header: 'Input', value: (c) => JSON.stringify(c.input) },
  { header: 'Saved', value: (c) => c.created_at },
  { header: 'Changed', value: (c) => c.updated_at },
];

/** Focus was on what has just left the page: the browser has put it on `<body>`. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** Grouped by tool (tools by label), each group newest first as the list comes. */
function byTool(list: readonly SavedCalculation[]) {
  const groups = new Map<string, SavedCalculation[]>();
  for (const item of list) groups.set(item.tool, [...(groups.get(item.tool) ?? []), item]);
  return [...groups.entries()]
    .map(([tool, items]) => ({ tool, label: labelOf(tool), items }))
    .sort((a, b) => byText(a.label, b.label));
}

function RenameForm({
  item,
  onRenamed,
  onDone,
}: {
  item: SavedCalculation;
  onRenamed(): void;
  onDone(): void;
}) {
  const store = useYourToolsStore();
  const queryClient = useQueryClient();
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await (await store.backend()).rename(item.id, name);
      onRenamed();
      await queryClient.invalidateQueries({ queryKey: ['your-tools'] });
      onDone();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The name could not be changed.');
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      // Escape cancels from anywhere in the form (its field, Save name, Cancel), as a dialog's does.
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextField
          ref={input}
          label={`New name of “${item.name}”`}
          value={name}
          maxLength={SAVED_NAME_MAX}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit">Save name</Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

function SavedItem({
  item,
  selected,
  onSelect,
  onChanged,
}: {
  item: SavedCalculation;
  selected: boolean;
  onSelect(on: boolean): void;
  /** Deleted or renamed: it may leave the list (`SavedView` then moves the focus on). */
  onChanged(): void;
}) {
  const store = useYourToolsStore();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  // Closing the field (Escape, Cancel, a name saved) gives focus back to Rename (decision 149).
  const renameButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useLayoutEffect(() => {
    if (renaming || !closed.current) return;
    closed.current = false;
    if (focusLost()) renameButton.current?.focus();
  }, [renaming]);
  const route = routeOf(item.tool);
  // Delete asks first, as the blog and the profiles do; the dialog stays until the item leaves the list.
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  async function remove() {
    setDeleting(true);
    try {
      await (await store.backend()).remove(item.id);
      onChanged();
      await queryClient.invalidateQueries({ queryKey: ['your-tools'] });
      notify('success', 'Deleted', `“${item.name}” was deleted.`);
    } catch (caught) {
      setConfirming(false);
      notify('error', 'Not deleted', caught instanceof Error ? caught.message : 'Please try again.');
    } finally {
      setDeleting(false);
    }
  }
  return (
    <Paper withBorder p="md" component="li" aria-label={item.name} data-saved-item={item.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Checkbox
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          label="Compare"
          aria-label={`Compare “${item.name}”`}
          mt={4}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {renaming ? (
            <RenameForm
              item={item}
              onRenamed={onChanged}
              onDone={() => {
                closed.current = true;
                setRenaming(false);
              }}
            />
          ) : (
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {item.result_text}
          </Text>
          <Text size="xs">Saved {when.format(new Date(item.created_at))}</Text>
          <Group gap="xs" mt={4}>
            {route ? (
              <Button
                renderRoot={(props) => <Link {...props} to={route} search={item.input as never} />}
                size="compact-sm"
                aria-label={`Open “${item.name}”`}
              >
                Open
              </Button>
            ) : (
              <Text size="sm">This tool is no longer available.</Text>
            )}
            {!renaming && (
              <Button
                ref={renameButton}
                size="compact-sm"
                variant="default"
                onClick={() => setRenaming(true)}
                aria-label={`Rename “${item.name}”`}
              >
                Rename
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              onClick={() => setConfirming(true)}
              aria-label={`Delete “${item.name}”`}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Group>
      <Dialog
        opened={confirming}
        onClose={() => !deleting && setConfirming(false)}
        title="Delete saved calculation"
        size="sm"
      >
        <Text>Delete this saved calculation? This cannot be undone.</Text>
        <Text fw={600} mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={remove}>
            Delete
          </Button>
        </Group>
      </Dialog>
    </Paper>
  );
}

/** /saved: the saved calculations grouped by tool, newest first, with search, compare and export. */
export default function SavedView() {
  const { lists } = useYourTools();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const saved = useSavedCalculations(debounced);
  const groups = useMemo(() => byTool(saved.data ?? []), [saved.data]);
  const shown = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  // An item that leaves the list (deleted, or renamed out of the search) hands the focus to the item
  // now in its place, else the one before, else the list's heading: never to the page's start. It is
  // noted as it changes, and looked for until a list comes without it.
  const heading = useRef<HTMLHeadingElement>(null);
  const page = useRef<HTMLDivElement>(null);
  const leaving = useRef<{ id: number; index: number }>(undefined);
  useLayoutEffect(() => {
    const left = leaving.current;
    if (!left || shown.some((item) => item.id === left.id)) return;
    leaving.current = undefined;
    if (!focusLost()) return;
    const next = shown[Math.min(left.index, shown.length - 1)];
    const target = next
      ? page.current?.querySelector<HTMLElement>(`[data-saved-item="${next.id}"] input`)
      : heading.current;
    target?.focus();
  }, [shown]);
  const [selected, setSelected] = useState<{ tool: string; ids: number[] }>({ tool: '', ids: [] });
  const exporter = useExport<SavedCalculation>({
    filename: 'saved-calculations',
    sheetName: 'Saved calculations',
    columns: COLUMNS,
    loadRows: async () => saved.data ?? [],
  });

  function select(item: SavedCalculation, on: boolean) {
    setSelected((current) => {
      // A comparison is of one tool: choosing another tool's calculation starts a new choice.
      const ids = current.tool === item.tool ? current.ids : [];
      return { tool: item.tool, ids: on ? [...ids, item.id] : ids.filter((id) => id !== item.id) };
    });
  }

  function exportJson() {
    const list = saved.data ?? [];
    if (list.length === 0) {
      notify('info', 'Nothing to export', 'There are no saved calculations to export.');
      return;
    }
    downloadBlob(
      new Blob([JSON.stringify(list, null, 2)], { type: 'application/json' }),
      'saved-calculations.json',
    );
    notify('success', 'Export ready', 'saved-calculations.json was downloaded.');
  }

  const where =
    lists.where === 'account'
      ? 'Kept in your account, on every device you sign in on.'
      : 'Kept in this browser only. Sign up or log in to keep them in an account; they move there when you do.';

  return (
    <Container size={900} py="xl" ref={page}>
      <Title order={1} ref={heading} tabIndex={-1} className="mantine-focus-auto">
        Saved calculations
      </Title>
      <Text mt="xs">{where}</Text>
      <Group mt="lg" align="flex-end" justify="space-between">
        <TextField
          type="search"
          label="Search saved calculations"
          placeholder="Name or result"
          maxLength={SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: 1, maxWidth: rem(400) }}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exporter.run('csv')}
          >
            Export CSV
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportJson}>
            Export JSON
          </Button>
        </Group>
      </Group>
      <ExportStatus progress={exporter.progress} noun="saved calculations" />
      <div aria-live="polite">
        {saved.isError && (
          <Alert color="red" mt="lg" title="Could not load">
            {saved.error.message}
          </Alert>
        )}
        {saved.data && saved.data.length === 0 && (
          <Text mt="lg" data-testid="saved-empty">
            {debounced.trim()
              ? 'No saved calculation matches your search.'
              : 'Nothing saved yet. Use “Save” under a tool’s result to keep it here.'}
          </Text>
        )}
      </div>
      {groups.map(({ tool, label, items }) => {
        const chosen = selected.tool === tool ? selected.ids : [];
        const canCompare = chosen.length >= COMPARE_MIN && chosen.length <= COMPARE_MAX;
        return (
          <section key={tool} aria-labelledby={`saved-${tool}`}>
            <Group justify="space-between" mt="xl" mb="sm">
              <Title order={2} size="h3" id={`saved-${tool}`}>
                {label}
              </Title>
              {items.length >= COMPARE_MIN && (
                <Group gap="xs">
                  <Text size="sm" id={`compare-hint-${tool}`}>
                    {chosen.length > COMPARE_MAX
                      ? `Choose at most ${COMPARE_MAX} to compare.`
                      : `${chosen.length} of ${COMPARE_MIN}–${COMPARE_MAX} chosen`}
                  </Text>
                  <Button
                    size="compact-sm"
                    disabled={!canCompare}
                    aria-describedby={`compare-hint-${tool}`}
                    onClick={() =>
                      void navigate({
                        to: COMPARE_PATH,
                        search: { [COMPARE_IDS_KEY]: chosen.join(',') } as never,
                      })
                    }
                  >
                    Compare {label}
                  </Button>
                </Group>
              )}
            </Group>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <SavedItem
                  key={item.id}
                  item={item}
                  selected={chosen.includes(item.id)}
                  onSelect={(on) => select(item, on)}
                  onChanged={() => {
                    leaving.current = { id: item.id, index: shown.indexOf(item) };
                  }}
                />
              ))}
            </Stack>
          </section>
        );
      })}
      <Text mt="xl" size="sm">
        <Anchor component={Link} to="/">
          Back to all tools
        </Anchor>
      </Text>
    </Container>
  );
}
