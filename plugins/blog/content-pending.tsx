import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A message of the blog in a block a screen high: the footer below it starts out of sight. */
function ScreenHighText({ children }: { children: ReactNode }) {
  return <Text mih="100vh">{children}</Text>;
}

/**
 * What the blog says while its posts are on their way ("Loading posts..."), holding a screen's
 * height (decision 136): the posts, arriving after the page has been drawn, push nothing the
 * visitor is looking at.
 */
export function ContentPending({ children }: { children: ReactNode }) {
  return <ScreenHighText>{children}</ScreenHighText>;
}

/**
 * What the blog says when there is nothing to show ("No posts found."), in the same block
 * (decision 143): on an empty blog it replaces "Loading posts..." without drawing the footer up.
 */
export function ContentAbsent({ children }: { children: ReactNode }) {
  return <ScreenHighText>{children}</ScreenHighText>;
}
