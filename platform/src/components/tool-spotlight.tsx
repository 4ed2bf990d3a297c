import {
  isActionsGroup,
  Spotlight,
  type SpotlightActionGroupData,
  type SpotlightFilterFunction,
  spotlight,
} from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import { groupByCategory, matchesTool } from '@toolbox/sdk';
import { useMemo } from 'react';

const bySlug = new Map(tools.map((tool) => [tool.slug, tool]));

function matches(id: string, query: string): boolean {
  const tool = bySlug.get(id);
  return tool !== undefined && matchesTool(tool, query);
}

const filter: SpotlightFilterFunction = (query, actions) =>
  actions.flatMap<Parameters<SpotlightFilterFunction>[1][number]>((item) => {
    if (!isActionsGroup(item)) return matches(item.id, query) ? [item] : [];
    const found = item.actions.filter((action) => matches(action.id, query));
    return found.length > 0 ? [{ ...item, actions: found }] : [];
  });

export function openSpotlight(): void {
  spotlight.open();
}

/** The Ctrl/Cmd+K tool search over the registry, grouped by category (loaded lazily by ToolSearch). */
export default function ToolSpotlight() {
  const navigate = useNavigate();
  const actions = useMemo<SpotlightActionGroupData[]>(
    () =>
      groupByCategory(tools)
        .filter((group) => group.tools.length > 0)
        .map(({ category, tools: inCategory }) => ({
          group: category,
          actions: inCategory.map((tool) => ({
            id: tool.slug,
            label: tool.label,
            description: tool.description,
            onClick: () => void navigate({ to: tool.route }),
          })),
        })),
    [navigate],
  );
  return (
    <Spotlight
      actions={actions}
      filter={filter}
      nothingFound="No tools found"
      highlightQuery
      scrollable
      maxHeight={420}
      // Ctrl/Cmd+K opens the search from anywhere, a focused form field included.
      shortcut={null}
      attributes={{ content: { 'aria-label': 'Tool search' } }}
      searchProps={{
        'aria-label': 'Search tools',
        placeholder: 'Search tools…',
        leftSection: <IconSearch size={18} aria-hidden />,
      }}
    />
  );
}
