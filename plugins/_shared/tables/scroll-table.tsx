import { Table, type TableScrollContainerProps } from '@mantine/core';
import { scrollRegionProps } from './scroll-region';

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
