import { useDocumentTitle } from '@mantine/hooks';
import type { RouteComponent } from '@tanstack/react-router';
import { documentTitle } from '@toolbox/sdk/react';
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
  useDocumentTitle(documentTitle(title));
  return (
    <Suspense fallback={<PagePending />}>
      <Layer>
        <View />
      </Layer>
    </Suspense>
  );
}
