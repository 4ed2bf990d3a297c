import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { PostFormTarget } from './post-form-modal';
import type { Post } from './types';

/** What an admin asked for: the form to add or edit a post, or the confirmation to delete one. */
export type AdminTarget = PostFormTarget | { mode: 'delete'; post: Post };

// The modals, their forms and mutations are an admin's alone: visitors never download them.
const PostAdminModals = lazy(() => import('./post-admin-modals'));

/**
 * An admin's add, edit and delete of posts, for the list and the post page. The modals load the
 * first time one is asked for and stay mounted afterwards, so they close with their transition.
 */
export function usePostAdmin({ onDeleted }: { onDeleted?: (post: Post) => void } = {}): {
  add: () => void;
  edit: (post: Post) => void;
  askDelete: (post: Post) => void;
  modals: ReactNode;
} {
  const [target, setTarget] = useState<AdminTarget | null>(null);
  const [asked, setAsked] = useState(false);
  const open = useCallback((next: AdminTarget) => {
    setAsked(true);
    setTarget(next);
  }, []);
  // The same functions from render to render: a post card given them is not rendered again for them.
  const edit = useCallback((post: Post) => open({ mode: 'edit', post }), [open]);
  const askDelete = useCallback((post: Post) => open({ mode: 'delete', post }), [open]);
  return {
    add: () => open({ mode: 'add' }),
    edit,
    askDelete,
    modals: asked && (
      <Suspense fallback={null}>
        <PostAdminModals target={target} onClose={() => setTarget(null)} onDeleted={onDeleted} />
      </Suspense>
    ),
  };
}
