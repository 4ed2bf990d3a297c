import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Button, IconButton } from '@toolbox/sdk/react';
import { memo, useId, useState } from 'react';
import { hasCommentDraft } from './drafts';
import { LazyCommentsPanel } from './lazy-comments-panel';
import { cardImage } from './photo-sources';
import { PostActions } from './post-actions';
import { byline } from './text';
import type { Post } from './types';

interface PostCardProps {
  post: Post;
  /** Admins get the edit and delete icons. */
  onEdit?: (post: Post) => void;
  onDelete?: (post: Post) => void;
  /** The first card: its image is likely the largest thing on screen, so it loads first, not lazily. */
  first?: boolean;
}

/**
 * One post of the grid (spec 2.8): image, title, subtitle, description, 'By {author} • {status}',
 * 'Read More', like, share and the comments toggle with counts; the comments panel opens below.
 * It renders again only when its post (or its props) change: the list renders again as its query
 * checks its answer, which changes no post when it is the same (the query keeps the same objects).
 */
export const PostCard = memo(function PostCard({ post, onEdit, onDelete, first = false }: PostCardProps) {
  const titleId = useId();
  const commentsId = useId();
  // A comment left unsent (a sign-in on its way) opens the panel again with it.
  const [commentsOpen, setCommentsOpen] = useState(() => hasCommentDraft(post.id));
  const postLink = { to: '/posts/$id', params: { id: String(post.id) } } as const;

  return (
    <Card component="article" withBorder shadow="sm" padding="md" radius="md" aria-labelledby={titleId}>
      {post.image && (
        <Card.Section>
          <Image
            {...cardImage(post.image)}
            alt={post.title}
            h={180}
            fit="cover"
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
          />
        </Card.Section>
      )}
      <Stack gap={6} mt={post.image ? 'sm' : 0} style={{ flex: 1 }}>
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Title>
        {post.subtitle && (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {post.subtitle}
          </Text>
        )}
        <Text size="sm" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
          {post.description}
        </Text>
        <Text size="sm" c="dimmed">
          {byline(post)}
        </Text>
      </Stack>
      <Group justify="space-between" mt="sm" gap="xs">
        <Button
          size="sm"
          variant="light"
          renderRoot={(props) => <Link {...props} {...postLink} />}
          aria-describedby={titleId}
        >
          Read More
        </Button>
        {(onEdit || onDelete) && (
          <Group gap={4}>
            {onEdit && (
              <IconButton
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Edit post ${post.title}`}
                onClick={() => onEdit(post)}
              >
                <IconPencil size={18} aria-hidden />
              </IconButton>
            )}
            {onDelete && (
              <IconButton
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Delete post ${post.title}`}
                onClick={() => onDelete(post)}
              >
                <IconTrash size={18} aria-hidden />
              </IconButton>
            )}
          </Group>
        )}
      </Group>
      <Stack mt="xs" gap={0}>
        <PostActions
          post={post}
          commentsOpen={commentsOpen}
          commentsId={commentsId}
          onToggleComments={() => setCommentsOpen((open) => !open)}
        />
        {commentsOpen && <LazyCommentsPanel post={post} id={commentsId} headingOrder={3} />}
      </Stack>
    </Card>
  );
});
