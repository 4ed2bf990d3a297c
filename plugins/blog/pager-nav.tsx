import { Button, Group, Text } from '@mantine/core';
import { ELLIPSIS, pageItems } from './pager';

/** Previous, the numbered pages of `pageItems`, Next; the caller hides it for one page or fewer. */
export function PagerNav({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange(page: number): void;
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
        {pageItems(page, total).map((item, index) =>
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
      </Group>
    </nav>
  );
}
