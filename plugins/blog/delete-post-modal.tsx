import { Group, Modal, Text } from '@mantine/core';
import { Button } from '@toolbox/sdk/react';
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
    <Modal
      opened={post !== null}
      onClose={() => !deleting && onCancel()}
      title="Delete post"
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Inside <main>: portalled to <body>, the modal's <header> would be a second banner landmark (axe).
      withinPortal={false}
    >
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
    </Modal>
  );
}
