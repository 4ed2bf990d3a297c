import { Box, Text } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { CommentsPanel } from './comments-panel';
import { TEXT } from './messages';

// The panel (its form, queries and mutation) loads when a reader first opens the comments.
const Panel = lazy(() => import('./comments-panel').then((module) => ({ default: module.CommentsPanel })));

/** The comments panel, loaded on first opening; meanwhile its place (the toggle's target) says so. */
export function LazyCommentsPanel(props: ComponentProps<typeof CommentsPanel>) {
  return (
    <Suspense
      fallback={
        <Box id={props.id} mt="xs">
          <Text size="sm">{TEXT.loadingComments}</Text>
        </Box>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
