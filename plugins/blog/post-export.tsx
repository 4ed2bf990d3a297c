import { Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Button, useApi } from '@toolbox/sdk/react';
import { ExportStatus } from '../_shared/lists/export/export-progress';
import { fetchAllPages } from '../_shared/lists/export/fetch-all';
import { useExport } from '../_shared/lists/export/use-export';
import { POST_EXPORT } from './export-columns';
import { fetchPostPage } from './posts-api';

/**
 * An admin's CSV, Excel and PDF export of the posts matching `search` (every page, not only the one
 * on screen). The blog list loads it for admins only.
 */
export default function PostExport({ search }: { search: string }) {
  const api = useApi();
  const exporter = useExport({
    ...POST_EXPORT,
    loadRows: async (onProgress) =>
      (
        await fetchAllPages(
          (number, pageSizeToRead, signal) =>
            fetchPostPage(api, { page: number, pageSize: pageSizeToRead, search }, signal),
          { onProgress },
        )
      ).results,
  });
  return (
    <>
      <Group gap="xs" role="group" aria-label="Export posts">
        <Text size="sm" fw={500} aria-hidden>
          Export:
        </Text>
        {(['csv', 'xlsx', 'pdf'] as const).map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={exporter.progress !== null}
            onClick={() => exporter.run(kind)}
          >
            {{ csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' }[kind]}
          </Button>
        ))}
      </Group>
      <ExportStatus progress={exporter.progress} noun="posts" />
    </>
  );
}
