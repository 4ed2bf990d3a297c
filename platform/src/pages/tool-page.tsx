import { useDocumentTitle } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
// biome-ignore lint/style/noRestrictedImports: whether a query came at all, for the load order; the form reads its fields (decision 177).
import { type RouteComponent, useRouter } from '@tanstack/react-router';
import type { ToolEntry } from '@toolbox/sdk';
import { isTrackingKey } from '@toolbox/sdk/page-files';
import {
  Button,
  documentTitle,
  Group,
  Paper,
  Text,
  Title,
  type ToolActivity,
  ToolProvider,
  useYourToolsStore,
} from '@toolbox/sdk/react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { FavouriteStar } from '../components/favourite-star';
import { PagePending } from '../components/page-pending';
import { holdLaterLoads } from '../later-loads';
import classes from './tool-page.module.css';

/** The dialog naming a calculation to save: its own chunk, loaded on the first Save. */
const SaveDialog = lazy(() => import('../your-tools/save-dialog'));

/** A tool's page: its title and description at once, its view when the view's chunk has loaded. */
export function ToolPage({ tool, View }: { tool: ToolEntry; View: RouteComponent }) {
  useDocumentTitle(documentTitle(tool.label));
  const store = useYourToolsStore();
  // The input of the result on screen (what the URL holds), for the Save action; null until the
  // form reported one (a view without useToolForm has nothing to save).
  const lastInput = useRef<Record<string, unknown> | null>(null);
  const [saving, setSaving] = useState<{ text: string; input: Record<string, unknown> } | null>(null);
  // Opened from a shared link, the page asks for its answer's scripts before what loads for later
  // (a link's tracking tags are no input, decision 171). A query that holds none of the form's
  // fields lets them go as the form mounts (decision 172).
  const router = useRouter();
  const [answered] = useState(() =>
    typeof window !== 'undefined' &&
    Object.keys(router.state.location.search).some((key) => !isTrackingKey(key))
      ? holdLaterLoads()
      : undefined,
  );

  const activity = useMemo<ToolActivity>(() => {
    function SaveAction({ text }: { text: string }) {
      const input = lastInput.current;
      if (!input) return null;
      return (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={() => setSaving({ text, input })}
        >
          Save
        </Button>
      );
    }
    return {
      noLinkInput() {
        answered?.();
      },
      computed(input, restored) {
        answered?.();
        lastInput.current = input;
        if (!restored) store.recordUse(tool.slug);
      },
      ResultActions: SaveAction,
    };
  }, [store, tool.slug, answered]);

  return (
    <div className={classes.page}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Title order={1}>{tool.label}</Title>
        <FavouriteStar tool={tool} size="lg" />
      </Group>
      <Text mt="xs" mb="lg">
        {tool.description}
      </Text>
      <noscript>
        <p className={classes.needsScripts}>
          This tool works out its answers in your browser: turn on JavaScript to use it.
        </p>
      </noscript>
      <Paper withBorder p="lg" className={classes.box}>
        <ToolProvider tool={tool} activity={activity}>
          <Suspense fallback={<PagePending />}>
            <View />
          </Suspense>
        </ToolProvider>
      </Paper>
      {saving && (
        <Suspense fallback={null}>
          <SaveDialog tool={tool} text={saving.text} input={saving.input} onClose={() => setSaving(null)} />
        </Suspense>
      )}
    </div>
  );
}
