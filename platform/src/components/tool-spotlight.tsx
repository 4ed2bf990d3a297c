import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { searchWords } from '@toolbox/plugins/search-words';
import { groupByCategory, matchesTool, type ToolEntry } from '@toolbox/sdk';
import { useReturnFocus, useYourTools } from '@toolbox/sdk/react';
import { useMemo, useState } from 'react';
import { FavouriteStar } from './favourite-star';

const [store, spotlight] = createSpotlight();

export function openSpotlight(): void {
  spotlight.open();
}

interface Group {
  id: string;
  label: string;
  tools: readonly ToolEntry[];
}

/**
 * The groups the search shows: with no query, the recently used tools first, then every tool by
 * category; with a query, the matching tools by category.
 */
function groupsFor(query: string, recents: readonly string[]): Group[] {
  const found = tools.filter((tool) => matchesTool(tool, query, searchWords.get(tool.slug)));
  const byCategory = groupByCategory(found)
    .filter((group) => group.tools.length > 0)
    .map(({ category, tools: inCategory }) => ({ id: category, label: category, tools: inCategory }));
  if (query.trim()) return byCategory;
  const recent = recents.flatMap((slug) => tools.filter((tool) => tool.slug === slug));
  return recent.length > 0
    ? [{ id: 'recent', label: 'Recently used', tools: recent }, ...byCategory]
    : byCategory;
}

/**
 * The Ctrl/Cmd+K tool search over the registry, grouped by category (loaded lazily by ToolSearch).
 * The arrow keys move through the tools; each tool's star is a button of its own, reached with Tab.
 */
export default function ToolSpotlight() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { lists } = useYourTools();
  const groups = useMemo(() => groupsFor(query, lists.recents), [query, lists.recents]);
  // Mounted by the first opening, often already open: Mantine's return of focus would miss it.
  useReturnFocus(useSpotlight(store).opened);
  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      scrollable
      maxHeight={420}
      // Ctrl/Cmd+K opens the search from anywhere, a focused form field included.
      shortcut={null}
      returnFocus={false}
      attributes={{ content: { 'aria-label': 'Tool search' } }}
    >
      <Spotlight.Search
        aria-label="Search tools"
        placeholder="Search tools…"
        leftSection={<IconSearch size={18} aria-hidden />}
      />
      <Spotlight.ActionsList>
        {groups.length === 0 ? (
          <Spotlight.Empty>No tools found</Spotlight.Empty>
        ) : (
          groups.map((group) => (
            <Spotlight.ActionsGroup key={group.id} label={group.label}>
              {group.tools.map((tool) => (
                <div key={tool.slug} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                  <Spotlight.Action
                    label={tool.label}
                    description={tool.description}
                    highlightQuery
                    onClick={() => void navigate({ to: tool.route })}
                    // Mantine dims the chosen tool's description to 0.7: 3.3:1 on the primary blue.
                    style={{ flex: 1, '--action-description-opacity': 1 }}
                  />
                  <FavouriteStar tool={tool} size="md" />
                </div>
              ))}
            </Spotlight.ActionsGroup>
          ))
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
