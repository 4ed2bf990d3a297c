import { Group, Text } from '@mantine/core';
import { Button, Dialog } from '@toolbox/sdk/react';
import { TEXT } from './messages';
import type { Post } from './types';

/** 'Delete this post?' (spec 8) before an admin's delete. */
export function DeletePostModal({
  post,
  deleting,
  onCancel,
  onConfirm,
}: {
  post: Post | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(post: Post): void;
}) {
  return (
    <Dialog opened={post !== null} onClose={() => !deleting && onCancel()} title="Delete post" size="sm">
      <Text>{TEXT.confirmDelete}</Text>
      {post && (
        <Text fw={600} mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={() => post && onConfirm(post)}>
          Delete
        </Button>
      </Group>
    </Dialog>
  );
}
