import { Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useNavigate, useParams } from '@tanstack/react-router';
import { ApiError } from '@toolbox/sdk';
import { Button, IconButton, useApi, useGoBack, usePageHead, useSession } from '@toolbox/sdk/react';
import { useId, useState } from 'react';
import { LoadFailed } from '../_shared/load-failed';
import { hasCommentDraft } from './drafts';
import { LazyCommentsPanel } from './lazy-comments-panel';
import { TEXT } from './messages';
import { postImage, postPhotoBox } from './photo-sources';
import { PostActions } from './post-actions';
import { usePostAdmin } from './post-admin';
import { fetchPost, postKeys } from './posts-api';
import { ScreenHigh } from './screen-high';
import { byline, postBody } from './text';

/**
 * A post's page (spec 2.9): back button, image, subtitle, the body, the author, like and share,
 * and — where the old product said "coming soon" — the working comments panel and an admin's edit
 * and delete.
 */
export default function PostView() {
  const api = useApi();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  // The route matches a post's id only (its `params` form in manifest.ts).
  const params: Record<string, unknown> = useParams({ strict: false });
  const id = Number(params.id);
  const goBack = useGoBack();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const titleId = useId();
  const commentsId = useId();
  // A comment left unsent (a sign-in on its way) opens the panel again with it.
  const [commentsOpen, setCommentsOpen] = useState(() => hasCommentDraft(id));
  const listPath = user ? '/blog' : '/bloguser';

  const query = useQuery({
    queryKey: postKeys.detail(id, user?.id ?? null),
    queryFn: ({ signal }) => fetchPost(api, id, signal),
    // The post as a visitor was sent it (decision 163) stays on screen while a signed-in reader's
    // own read of it comes; another post's never does.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
    // A missing post stays missing: no second try.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

  const admin = usePostAdmin({ onDeleted: () => void navigate({ to: listPath }) });

  const back = () => {
    if (canGoBack) goBack();
    else void navigate({ to: listPath });
  };

  const post = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // The route's title while the post loads or when it is missing; the server sends it with the post's.
  usePageHead(
    post && !notFound
      ? { title: post.title, description: post.description, image: post.image ?? undefined }
      : { title: 'Post' },
  );

  return (
    <Container size="md" py="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={back}
        style={{ marginBottom: 'var(--mantine-spacing-md)', paddingInline: 'var(--mantine-spacing-xs)' }}
      >
        Back
      </Button>

      <ScreenHigh>
        {notFound ? (
          <Stack gap="xs">
            <Title order={1}>{TEXT.notFound}</Title>
          </Stack>
        ) : query.isPending ? (
          <Text>{TEXT.loadingPost}</Text>
        ) : !post ? (
          <Stack gap="xs" align="flex-start">
            <Title order={1}>Post</Title>
            <LoadFailed message={TEXT.loadFailed} error={query.error} onRetry={() => query.refetch()} />
          </Stack>
        ) : (
          <article aria-labelledby={titleId}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={1} id={titleId} style={{ overflowWrap: 'anywhere' }}>
                  {post.title}
                </Title>
                {isAdmin && (
                  <Group gap={4} wrap="nowrap">
                    <IconButton
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`Edit post ${post.title}`}
                      onClick={() => admin.edit(post)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </IconButton>
                    <IconButton
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Delete post ${post.title}`}
                      onClick={() => admin.askDelete(post)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </IconButton>
                  </Group>
                )}
              </Group>
              {post.subtitle && (
                <Text size="lg" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {post.subtitle}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {byline(post)}
              </Text>
              {post.image && (
                // Its place is held before the photo arrives (decisions 139 and 143): the post's text
                // would move down under it.
                <Image
                  {...postImage(post.image, post)}
                  alt={post.title}
                  radius="md"
                  w="100%"
                  mx="auto"
                  fit="contain"
                  style={postPhotoBox(post)}
                />
              )}
              <Text data-testid="post-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {postBody(post)}
              </Text>
              <PostActions
                post={post}
                commentsOpen={commentsOpen}
                commentsId={commentsId}
                onToggleComments={() => setCommentsOpen((open) => !open)}
              />
              {commentsOpen && <LazyCommentsPanel post={post} id={commentsId} headingOrder={2} />}
            </Stack>
          </article>
        )}
      </ScreenHigh>
      {isAdmin && admin.modals}
    </Container>
  );
}
