import { Table, type TableScrollContainerProps } from '@mantine/core';
import { scrollRegionProps } from './scroll-region';
import classes from './scroll-table.module.css';

/**
 * The class of a last column's cells (its `Th` and every `Td`) that stays in view while the table
 * scrolls under it: a row's actions, reachable on a phone without scrolling the table sideways.
 */
export const STICKY_END_CELL = classes.stickyEnd;

/**
 * A table wider than a phone's screen, in a scroll area a keyboard can reach: the viewport takes
 * focus (arrow keys scroll it) and is a region named `label`, so a screen reader says what it holds.
 */
export function ScrollTable({
  label,
  ...props
}: Omit<TableScrollContainerProps, 'scrollAreaProps' | 'type'> & { label: string }) {
  return <Table.ScrollContainer {...props} scrollAreaProps={{ viewportProps: scrollRegionProps(label) }} />;
}
