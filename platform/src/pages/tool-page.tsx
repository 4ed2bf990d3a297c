import { Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { RouteComponent } from '@tanstack/react-router';
import type { ToolManifest } from '@toolbox/sdk';
import { ToolProvider } from '@toolbox/sdk/react';
import { Suspense } from 'react';
import { PagePending } from '../components/page-pending';
import classes from './tool-page.module.css';

/** A tool's page: its title and description at once, its view when the view's chunk has loaded. */
export function ToolPage({ tool, View }: { tool: ToolManifest; View: RouteComponent }) {
  useDocumentTitle(`${tool.label} · Toolbox`);
  return (
    <div className={classes.page}>
      <Title order={1}>{tool.label}</Title>
      <Text mt="xs" mb="lg">
        {tool.description}
      </Text>
      <Paper withBorder p="lg" className={classes.box}>
        <ToolProvider tool={tool}>
          <Suspense fallback={<PagePending />}>
            <View />
          </Suspense>
        </ToolProvider>
      </Paper>
    </div>
  );
}
