import { Center, Spinner, VisuallyHidden } from '@toolbox/sdk/react';

/** Shown while a page's code loads. */
export function PagePending() {
  return (
    <Center py="xl" role="status">
      <Spinner />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
