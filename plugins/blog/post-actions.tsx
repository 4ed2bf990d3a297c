import { Group, Stack } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconMessageCircle, IconShare } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withReason } from '@toolbox/sdk';
import { Button, notify, useApi, useSession } from '@toolbox/sdk/react';
import { useState } from 'react';
import { LoginPrompt } from './login-prompt';
import { TEXT } from './messages';
import { applyLike, applyShare, likePost, patchPost, sharePost } from './posts-api';
import { copyToClipboard, shareUrl } from './share';
import type { Post } from './types';

interface PostActionsProps {
  post: Post;
  /** Whether the comments panel is open, and the id of its element (aria-controls). */
  commentsOpen: boolean;
  commentsId: string;
  onToggleComments(): void;
}

/**
 * Like, share and the comments toggle, each with its count (spec 2.8): "Like (3)" is both the
 * visible text and the name (WCAG 2.5.3; axe ignores a parenthesised count in a name, so a bare "3"
 * on screen would not match "Like (3)"). Visitors get the spec's "Please log in to …" with a link
 * to the login page instead.
 */
export function PostActions({ post, commentsOpen, commentsId, onToggleComments }: PostActionsProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [prompt, setPrompt] = useState<string | null>(null);

  const like = useMutation({
    mutationFn: () => likePost(api, post.id),
    onSuccess: (reply) => patchPost(queryClient, post.id, (current) => applyLike(current, reply)),
    onError: (error) => notify('error', 'Error', withReason(TEXT.likeFailed, error)),
  });

  const share = useMutation({
    mutationFn: () => sharePost(api, post.id),
    onSuccess: async (reply) => {
      patchPost(queryClient, post.id, (current) => applyShare(current, reply));
      const url = shareUrl(window.location.origin, post.id);
      if (await copyToClipboard(url))
        notify('success', 'Link copied', `Link copied to the clipboard: ${url}`);
      else notify('info', 'Post shared', `Copy this link to share the post: ${url}`);
    },
    onError: (error) => notify('error', 'Error', withReason(TEXT.shareFailed, error)),
  });

  const liked = Boolean(user && post.user_has_liked);
  return (
    <Stack gap={4}>
      <Group gap={4}>
        <Button
          variant="subtle"
          color={liked ? 'red' : 'gray'}
          size="compact-md"
          leftSection={
            liked ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />
          }
          aria-pressed={liked}
          // Not `loading`: that disables the button, and a disabled button drops the keyboard focus.
          aria-busy={like.isPending}
          onClick={() => {
            if (like.isPending) return;
            if (!user) return setPrompt(TEXT.likeLogin);
            setPrompt(null);
            like.mutate();
          }}
        >
          Like ({post.number_of_likes})
        </Button>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconShare size={18} aria-hidden />}
          aria-busy={share.isPending}
          onClick={() => {
            if (share.isPending) return;
            if (!user) return setPrompt(TEXT.shareLogin);
            setPrompt(null);
            share.mutate();
          }}
        >
          Share ({post.number_of_shares})
        </Button>
        <Button
          variant={commentsOpen ? 'light' : 'subtle'}
          color="gray"
          size="compact-md"
          leftSection={<IconMessageCircle size={18} aria-hidden />}
          aria-expanded={commentsOpen}
          // Only while the panel exists: a reference to a missing element is an error (axe).
          aria-controls={commentsOpen ? commentsId : undefined}
          onClick={() => {
            setPrompt(null);
            onToggleComments();
          }}
        >
          Comments ({post.number_of_comments})
        </Button>
      </Group>
      <div aria-live="polite">{prompt && <LoginPrompt message={prompt} />}</div>
    </Stack>
  );
}
