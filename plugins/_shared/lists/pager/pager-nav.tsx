import { Group, Text } from '@mantine/core';
import { countText } from '@toolbox/sdk';
import { Button } from '@toolbox/sdk/react';
import { ELLIPSIS, type PageItem } from './page-items';

/**
 * Previous, the numbered pages `items` (from the plugin's own window rule), Next; the caller hides
 * it for one page or fewer. `estimated`: the list's count is an estimate past 10 000 matches
 * (`count_is_estimate`), shown as "10,000+ results" after the pages.
 */
export function PagerNav({
  page,
  total,
  items,
  onChange,
  estimated = false,
}: {
  page: number;
  total: number;
  items: readonly PageItem[];
  onChange(page: number): void;
  estimated?: boolean;
}) {
  return (
    <nav aria-label="Pages">
      <Group gap={6} justify="center" mt="md">
        <Button
          variant="default"
          size="sm"
          disabled={page <= 1}
          onClick={() => onChange(Math.max(1, page - 1))}
        >
          Previous
        </Button>
        {items.map((item, index) =>
          item === ELLIPSIS ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place.
            <Text key={`gap-${index}`} aria-hidden px={4}>
              {ELLIPSIS}
            </Text>
          ) : (
            <Button
              key={item}
              size="sm"
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onChange(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          variant="default"
          size="sm"
          disabled={page >= total}
          onClick={() => onChange(Math.min(total, page + 1))}
        >
          Next
        </Button>
        {estimated && (
          <Text size="sm" px={4}>
            {countText({ count: 0, count_is_estimate: true })} results
          </Text>
        )}
      </Group>
    </nav>
  );
}
