import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withReason } from '@toolbox/sdk';
import { notify, useApi } from '@toolbox/sdk/react';
import { DeletePostModal } from './delete-post-modal';
import { type PostFormErrors, type PostFormValues, saveErrors, toFormData } from './form';
import type { AdminTarget } from './post-admin';
import { PostFormModal, type PostFormTarget } from './post-form-modal';
import { POSTS_PATH, postKeys, postPath } from './posts-api';
import type { Post } from './types';

/**
 * An admin's add, edit and delete of posts, for the list and the post page: the form modal, the
 * delete confirmation, and the calls. Loaded the first time an admin asks for one of them
 * (`usePostAdmin`); the server enforces the role, this only shows the controls.
 */
export default function PostAdminModals({
  target,
  onClose,
  onDeleted,
}: {
  target: AdminTarget | null;
  onClose: () => void;
  onDeleted: ((post: Post) => void) | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const formTarget = target?.mode === 'delete' ? null : target;
  const toDelete = target?.mode === 'delete' ? target.post : null;

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
    onClose();
    await queryClient.invalidateQueries({ queryKey: postKeys.all });
    return { fields: {}, other: [] };
  }

  const remove = useMutation({
    mutationFn: (post: Post) => api.delete(postPath(post.id)),
    onSuccess: async (_answer, post) => {
      notify('success', 'Success', 'Post deleted successfully');
      onClose();
      onDeleted?.(post);
      queryClient.removeQueries({ queryKey: postKeys.details(post.id) });
      await queryClient.invalidateQueries({ queryKey: postKeys.lists });
    },
    onError: (error) => {
      onClose();
      notify('error', 'Error', withReason('Failed to delete post.', error));
    },
  });

  return (
    <>
      <PostFormModal target={formTarget} onClose={onClose} onSave={save} />
      <DeletePostModal
        post={toDelete}
        deleting={remove.isPending}
        onCancel={onClose}
        onConfirm={(post) => remove.mutate(post)}
      />
    </>
  );
}
