import { useDocumentTitle } from '@mantine/hooks';
import type { RouteComponent } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PagePending } from '../components/page-pending';

/** A page plugin's page: its document title at once, its view when the view's chunk has loaded. */
export function PluginPage({ title, View }: { title: string; View: RouteComponent }) {
  useDocumentTitle(`${title} · Toolbox`);
  return (
    <Suspense fallback={<PagePending />}>
      <View />
    </Suspense>
  );
}
