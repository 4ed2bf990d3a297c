import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What the blog says while its posts are on their way ("Loading posts..."), holding a screen's
 * height (decision 136): the footer below starts out of sight, so the posts, arriving after the
 * page has been drawn, push nothing the visitor is looking at.
 */
export function ContentPending({ children }: { children: ReactNode }) {
  return <Text mih="100vh">{children}</Text>;
}
