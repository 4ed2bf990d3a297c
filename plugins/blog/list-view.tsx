import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, withReason } from '@toolbox/sdk';
import { Button, notify, SelectField, TextField, useApi, useSession } from '@toolbox/sdk/react';
import { SEARCH_MAX } from '@toolbox/sdk/wire';
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { usePagedSearch } from '../_shared/lists/paged-search';
import { PagerNav } from '../_shared/lists/pager/pager-nav';
import { LoadFailed } from '../_shared/load-failed';
import { TEXT } from './messages';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize, pageItems, pageSizeValue, totalPages } from './pager';
import { usePostAdmin } from './post-admin';
import { PostCard } from './post-card';
import { fetchPostPage, postKeys } from './posts-api';
import { ScreenHigh } from './screen-high';

// Exporting is an admin's: visitors never download it.
const PostExport = lazy(() => import('./post-export'));

/**
 * The blog list (spec 2.8), the same for /blog (signed-in layout) and /bloguser (public layout):
 * search, page size, a grid of post cards and the pager; admins also add, edit, delete and export.
 */
export default function BlogListView() {
  const api = useApi();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';

  const { page, setPage, pageSize, setPageSize, searchInput, search, onSearchInput } =
    usePagedSearch<PageSize>(DEFAULT_PAGE_SIZE, PAGE_SIZES);

  const size = pageSizeValue(pageSize);
  const list = useQuery({
    // The viewer is part of the key: admins see Drafts, and `user_has_liked` is the viewer's own.
    queryKey: postKeys.list({ page, pageSize: size, search, viewer: user?.id ?? null }),
    queryFn: ({ signal }) => fetchPostPage(api, { page, pageSize: size, search }, signal),
    placeholderData: keepPreviousData,
  });

  // Once per failed fetch: a page past the end (posts deleted meanwhile) goes back to page 1 quietly;
  // anything else is the spec's 'Failed to fetch posts'.
  const handledError = useRef(0);
  useEffect(() => {
    if (!list.isError || list.errorUpdatedAt === handledError.current) return;
    handledError.current = list.errorUpdatedAt;
    if (list.error instanceof ApiError && list.error.status === 404 && page > 1) setPage(1, true);
    else notify('error', 'Error', withReason(TEXT.fetchFailed, list.error));
  }, [list.isError, list.errorUpdatedAt, list.error, page, setPage]);

  // A page of posts is rendered as a transition, in slices the visitor can interrupt, not in the
  // one long task a query's answer would otherwise take on a slow phone (decision 104).
  const shown = useDeferredValue(list.data);
  const posts = shown?.results ?? [];
  const pages = totalPages(shown?.count ?? 0, size);

  const admin = usePostAdmin({
    // The last card of a later page: show the page before it.
    onDeleted: () => {
      if (posts.length === 1 && page > 1) setPage(page - 1, true);
    },
  });

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Blog Posts</Title>
        {isAdmin && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={admin.add}>
            Add Post
          </Button>
        )}
      </Group>

      {isAdmin && (
        <Suspense fallback={null}>
          <PostExport search={search} />
        </Suspense>
      )}

      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextField
          style={{ flex: 1 }}
          aria-label="Search posts"
          type="search"
          maxLength={SEARCH_MAX}
          placeholder="Search posts..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(event) => onSearchInput(event.currentTarget.value)}
        />
        <SelectField
          label="Per page"
          data={PAGE_SIZES}
          value={pageSize}
          onChange={(event) => setPageSize(event.currentTarget.value as PageSize)}
        />
      </Group>

      <ScreenHigh>
        <div aria-busy={list.isFetching} data-testid="post-grid">
          {shown === undefined && !list.isError ? (
            <Text>{TEXT.loadingPosts}</Text>
          ) : shown === undefined ? (
            <LoadFailed message={TEXT.fetchFailed} error={list.error} onRetry={() => list.refetch()} />
          ) : posts.length === 0 ? (
            <Text>{TEXT.noPosts}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {posts.map((post, index) => (
                <PostCard
                  key={post.id}
                  post={post}
                  first={index === 0}
                  onEdit={isAdmin ? admin.edit : undefined}
                  onDelete={isAdmin ? admin.askDelete : undefined}
                />
              ))}
            </SimpleGrid>
          )}
        </div>

        {pages > 1 && (
          <PagerNav
            page={Math.min(page, pages)}
            total={pages}
            items={pageItems(Math.min(page, pages), pages)}
            onChange={setPage}
            estimated={shown?.count_is_estimate === true}
          />
        )}
      </ScreenHigh>

      {isAdmin && admin.modals}
    </Stack>
  );
}
