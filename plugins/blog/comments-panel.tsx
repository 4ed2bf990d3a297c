import { Box, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withReason } from '@toolbox/sdk';
import { Button, useApi, useDraft, useSession } from '@toolbox/sdk/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { commentDraftKey } from './drafts';
import { LoginPrompt } from './login-prompt';
import { MESSAGE_TIMEOUT_MS, TEXT } from './messages';
import { COMMENTS_PAGE_SIZE, fetchComments, patchPost, postKeys, sendComment } from './posts-api';
import { commentAuthor, commentPageLabel } from './text';
import type { Post } from './types';
import { useTimedMessage } from './use-timed-message';

/** The API's limit of a comment (docs/api.md, Comments). */
const MAX_COMMENT = 2000;

/**
 * A post's comments (spec 2.8, 4): opening shows page 1; Previous/Next with 'Page X of Y'; a
 * comment form whose status messages vanish after 3 seconds. After a comment is sent, page 1 is
 * read again, the post's count rises by one, the text clears and the panel stays open. A comment
 * not yet sent is kept for the tab (the login prompt's way and back, a reload): the panel opens with
 * it (`commentDraftKey`).
 */
export function CommentsPanel({
  post,
  id,
  headingOrder = 3,
}: {
  post: Post;
  /** The panel's element id (the toggle's aria-controls). */
  id: string;
  /** The heading level of 'Comments': one below the post's title. */
  headingOrder?: 2 | 3;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const headingId = useId();
  const [page, setPage] = useState(1);
  // Kept for the tab until sent: a visitor who signs in to send it comes back to it.
  const [text, setText] = useDraft(commentDraftKey(post.id), '');
  const [message, showMessage] = useTimedMessage(MESSAGE_TIMEOUT_MS);
  const [needsLogin, setNeedsLogin] = useState(false);

  const comments = useQuery({
    queryKey: postKeys.commentPage(post.id, page),
    queryFn: ({ signal }) => fetchComments(api, post.id, page, signal),
    placeholderData: keepPreviousData,
  });

  // The panel's count is the server's: the post's count follows it (comments made elsewhere too).
  const total = comments.data?.count;
  useEffect(() => {
    if (total === undefined) return;
    patchPost(queryClient, post.id, (current) =>
      current.number_of_comments === total ? current : { ...current, number_of_comments: total },
    );
  }, [queryClient, post.id, total]);

  const send = useMutation({
    mutationFn: (body: string) => sendComment(api, post.id, body),
    onSuccess: async () => {
      setText('');
      setPage(1);
      showMessage({ text: TEXT.commentSent, tone: 'success' });
      patchPost(queryClient, post.id, (current) => ({
        ...current,
        number_of_comments: current.number_of_comments + 1,
      }));
      await queryClient.invalidateQueries({ queryKey: postKeys.comments(post.id) });
    },
    onError: (error) => showMessage({ text: withReason(TEXT.commentFailed, error), tone: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    if (!user) {
      setNeedsLogin(true);
      return;
    }
    if (!text.trim()) {
      showMessage({ text: TEXT.commentEmpty, tone: 'error' });
      return;
    }
    send.mutate(text.trim());
  }

  const count = comments.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / COMMENTS_PAGE_SIZE));
  const list = comments.data?.results ?? [];

  return (
    <Box component="section" id={id} aria-labelledby={headingId} mt="xs">
      <Divider mb="sm" />
      <Title id={headingId} order={headingOrder} size="h5" mb="xs">
        Comments
      </Title>
      <Stack gap="xs" aria-busy={comments.isFetching}>
        {comments.isPending ? (
          <Text size="sm">{TEXT.loadingComments}</Text>
        ) : comments.isError && !comments.data ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {TEXT.commentsFailed}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm">{TEXT.noComments}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((comment) => (
              <li key={comment.id}>
                <Text size="sm" fw={600}>
                  {commentAuthor(comment)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {comment.text}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {count > 0 && (
          <Group gap="xs" justify="space-between" role="group" aria-label="Comment pages">
            <Button
              size="compact-sm"
              variant="default"
              disabled={page <= 1}
              onClick={() => setPage((current) => Math.max(1, current - 1))}
            >
              Previous
            </Button>
            <Text size="sm">{commentPageLabel(page, pages)}</Text>
            <Button
              size="compact-sm"
              variant="default"
              disabled={page >= pages}
              onClick={() => setPage((current) => Math.min(pages, current + 1))}
            >
              Next
            </Button>
          </Group>
        )}
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="xs" mt="sm">
          <Textarea
            aria-label="Your comment"
            placeholder={TEXT.commentPlaceholder}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MAX_COMMENT}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div role="status" aria-live="polite" data-testid="comment-status">
              {message && (
                <Text size="sm" c={message.tone === 'error' ? 'var(--mantine-color-error)' : undefined}>
                  {message.text}
                </Text>
              )}
              {needsLogin && !user && <LoginPrompt message={TEXT.commentLogin} />}
            </div>
            <Button type="submit" size="sm" aria-disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}
