import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a page's code loads. */
export function PagePending() {
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
