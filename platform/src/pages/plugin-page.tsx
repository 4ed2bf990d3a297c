import { useDocumentTitle } from '@mantine/hooks';
import type { RouteComponent } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { PagePending } from '../components/page-pending';

/**
 * A page plugin's page: its document title at once, its view (inside `Layer`, the query cache's
 * provider) when their chunks have loaded.
 */
export function PluginPage({
  title,
  View,
  Layer,
}: {
  title: string;
  View: RouteComponent;
  Layer: ComponentType<{ children?: ReactNode }>;
}) {
  useDocumentTitle(`${title} · Toolbox`);
  return (
    <Suspense fallback={<PagePending />}>
      <Layer>
        <View />
      </Layer>
    </Suspense>
  );
}
