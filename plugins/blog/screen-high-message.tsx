import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A message of the blog in a block a screen high, so the footer below it starts out of sight:
 * "Loading posts..." (decision 136), whose posts then arrive without pushing anything the visitor
 * is looking at, and "No posts found." (decision 143), which on an empty blog replaces it without
 * drawing the footer up.
 */
export function ScreenHighMessage({ children }: { children: ReactNode }) {
  return <Text mih="100vh">{children}</Text>;
}
