import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@toolbox/sdk';
import { notify, useApi } from '@toolbox/sdk/react';
import { useState } from 'react';
import { DeletePostModal } from './delete-post-modal';
import { type PostFormErrors, type PostFormValues, saveErrors, toFormData } from './form';
import { PostFormModal, type PostFormTarget } from './post-form-modal';
import { POSTS_PATH, postKeys, postPath } from './posts-api';
import type { Post } from './types';

/**
 * An admin's add, edit and delete of posts, for the list and the post page: the form modal, the
 * delete confirmation, and the calls. The server enforces the role; this only shows the controls.
 */
export function usePostAdmin({ onDeleted }: { onDeleted?: (post: Post) => void } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [formTarget, setFormTarget] = useState<PostFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<Post | null>(null);

  async function save(
    values: PostFormValues,
    image: File | null,
    target: PostFormTarget,
  ): Promise<{ fields: PostFormErrors; other: string[] }> {
    try {
      const body = toFormData(values, image);
      if (target.mode === 'add') await api.post<Post>(POSTS_PATH, body);
      else await api.put<Post>(postPath(target.post.id), body);
    } catch (error) {
      const result = saveErrors(error);
      notify('error', 'Error', 'Save failed. Please check the form and try again.');
      return result;
    }
    notify(
      'success',
      'Success',
      target.mode === 'add' ? 'Post created successfully' : 'Post updated successfully',
    );
    setFormTarget(null);
    await queryClient.invalidateQueries({ queryKey: postKeys.all });
    return { fields: {}, other: [] };
  }

  const remove = useMutation({
    mutationFn: (post: Post) => api.delete(postPath(post.id)),
    onSuccess: async (_answer, post) => {
      notify('success', 'Success', 'Post deleted successfully');
      setToDelete(null);
      onDeleted?.(post);
      queryClient.removeQueries({ queryKey: postKeys.details(post.id) });
      await queryClient.invalidateQueries({ queryKey: postKeys.lists });
    },
    onError: (error) => {
      setToDelete(null);
      notify(
        'error',
        'Error',
        `Failed to delete post.${error instanceof ApiError && error.status < 500 ? ` ${error.message}` : ''}`,
      );
    },
  });

  const modals = (
    <>
      <PostFormModal target={formTarget} onClose={() => setFormTarget(null)} onSave={save} />
      <DeletePostModal
        post={toDelete}
        deleting={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={(post) => remove.mutate(post)}
      />
    </>
  );

  return {
    add: () => setFormTarget({ mode: 'add' }),
    edit: (post: Post) => setFormTarget({ mode: 'edit', post }),
    askDelete: (post: Post) => setToDelete(post),
    modals,
  };
}
