import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What the blog shows under a page's heading and controls (the list and its pager, a post, or the
 * message that stands for them) in a block at least a screen high (decisions 136, 145). The footer
 * starts out of sight and stays there whatever arrives: a page of posts, one short post, none, an
 * error.
 */
export function ScreenHigh({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" mih="100vh">
      {children}
    </Stack>
  );
}
