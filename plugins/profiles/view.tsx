import { Group, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, reasonOf } from '@toolbox/sdk';
import { Button, Dialog, TextField, useApi, useSession } from '@toolbox/sdk/react';
import { SEARCH_MAX } from '@toolbox/sdk/wire';
import { useEffect, useRef, useState } from 'react';
import { ExportStatus } from '../_shared/lists/export/export-progress';
import { useExport } from '../_shared/lists/export/use-export';
import { usePagedSearch } from '../_shared/lists/paged-search';
import { PagerNav } from '../_shared/lists/pager/pager-nav';
import { LoadFailed } from '../_shared/load-failed';
import { type ProfileFormValues, saveErrors, toPayload } from '../_shared/profiles/form';
import { PROFILES_PATH, profilePath } from '../_shared/profiles/paths';
import { ScrollTable, STICKY_END_CELL } from '../_shared/tables/scroll-table';
import { PROFILE_EXPORT } from './export-columns';
import { MESSAGES, messageOf, notify } from './notify';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize, pageItems, totalPages } from './pager';
import { type FormTarget, ProfileFormModal, type SaveFailure } from './profile-form-modal';
import { fetchAllProfiles, fetchProfilePage } from './profiles-api';
import type { Profile } from './types';

const SEARCH_PLACEHOLDER = 'Search by name, username, email, phone, address, role';

/**
 * Profile administration (/profile, spec 2.7). Admins list, search, export, add, edit and delete;
 * managers list, search and export (read-only). The API enforces the same rules.
 */
export default function ProfilesView() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const canManage = user?.role === 'admin';

  const { page, setPage, pageSize, setPageSize, searchInput, search, onSearchInput } =
    usePagedSearch<PageSize>(DEFAULT_PAGE_SIZE, PAGE_SIZES);

  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toDelete, setToDelete] = useState<Profile | null>(null);
  // Exports cover every profile matching the applied search, not only the page on screen.
  const exporter = useExport({
    ...PROFILE_EXPORT,
    loadRows: async (onProgress) => (await fetchAllProfiles(api, search, { onProgress })).results,
  });

  const list = useQuery({
    queryKey: ['profiles', 'list', { page, pageSize, search }],
    // "All" reads every page of the API's largest size, so no matching profile is left out.
    queryFn: ({ signal }) =>
      pageSize === 'All'
        ? fetchAllProfiles(api, search, { signal })
        : fetchProfilePage(api, { page, pageSize, search }, signal),
    placeholderData: keepPreviousData,
  });

  // Once per failed fetch: a page past the end (rows deleted elsewhere) goes back to page 1 quietly;
  // anything else is the spec's error.
  const handledError = useRef(0);
  useEffect(() => {
    if (!list.isError || list.errorUpdatedAt === handledError.current) return;
    handledError.current = list.errorUpdatedAt;
    if (list.error instanceof ApiError && list.error.status === 404 && page > 1) setPage(1, true);
    else notify('fetchFailed', reasonOf(list.error));
  }, [list.isError, list.errorUpdatedAt, list.error, page, setPage]);

  const count = list.data?.count ?? 0;
  const pages = totalPages(count, pageSize);
  const rows = list.data?.results ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['profiles'] });

  async function save(values: ProfileFormValues, target: FormTarget): Promise<SaveFailure | undefined> {
    try {
      if (target.mode === 'add') await api.post(PROFILES_PATH, toPayload(values, 'add'));
      else await api.put(profilePath(target.profile.id), toPayload(values, 'edit'));
    } catch (error) {
      // Messages under inputs stand for themselves; anything else (a 409's reason) follows the spec's.
      const { fields, other } = saveErrors(error);
      const detail = Object.keys(fields).length === 0 ? other.join(' ') : undefined;
      return { fields, problem: messageOf('saveFailed', detail) };
    }
    notify(target.mode === 'add' ? 'created' : 'updated');
    setFormTarget(null);
    await refresh();
    return undefined;
  }

  const remove = useMutation({
    mutationFn: (profile: Profile) => api.delete(profilePath(profile.id)),
    onSuccess: async () => {
      notify('deleted');
      setToDelete(null);
      // The last row of a later page: show the page before it.
      if (rows.length === 1 && page > 1) setPage(page - 1, true);
      await refresh();
    },
    onError: (error) => {
      setToDelete(null);
      // The server's own reason (the last admin, no permission) follows the spec's message.
      notify('deleteFailed', reasonOf(error));
    },
  });

  const columns = canManage ? 7 : 6;
  return (
    <Stack gap="md" p="md">
      <Title order={1}>Welcome Back</Title>

      <Group gap="sm" wrap="nowrap" align="flex-end">
        <Menu position="bottom-start" shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button variant="default">Show: {pageSize}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {PAGE_SIZES.map((size) => (
              <Menu.Item
                key={size}
                onClick={() => setPageSize(size)}
                aria-current={size === pageSize ? 'true' : undefined}
              >
                {size}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <TextField
          style={{ flex: 1 }}
          aria-label="Search profiles"
          maxLength={SEARCH_MAX}
          placeholder={SEARCH_PLACEHOLDER}
          value={searchInput}
          onChange={(event) => onSearchInput(event.currentTarget.value)}
        />
      </Group>

      <Group gap="sm" justify="space-between">
        <Menu position="bottom-start" shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button variant="default" disabled={exporter.progress !== null}>
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => exporter.run('xlsx')}>Export Excel</Menu.Item>
            <Menu.Item onClick={() => exporter.run('csv')}>Export CSV</Menu.Item>
            <Menu.Item onClick={() => exporter.run('pdf')}>Export PDF</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {canManage && <Button onClick={() => setFormTarget({ mode: 'add' })}>Add Profile</Button>}
      </Group>

      <ExportStatus progress={exporter.progress} noun="profiles" />

      <ScrollTable minWidth={760} label="Profiles">
        <Table striped highlightOnHover aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Username</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Role</Table.Th>
              {canManage && <Table.Th className={STICKY_END_CELL}>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={columns}>Loading profiles...</Table.Td>
              </Table.Tr>
            ) : list.isError && !list.data ? (
              // Never "No profiles found." for a list that could not be read.
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <LoadFailed
                    message={MESSAGES.fetchFailed[1]}
                    error={list.error}
                    onRetry={() => list.refetch()}
                  />
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns}>No profiles found.</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((profile) => (
                <Table.Tr key={profile.id}>
                  <Table.Td>{profile.full_name}</Table.Td>
                  <Table.Td>{profile.user?.username ?? '-'}</Table.Td>
                  <Table.Td>{profile.user?.email ?? '-'}</Table.Td>
                  <Table.Td>{profile.phone_number}</Table.Td>
                  <Table.Td>{profile.address}</Table.Td>
                  <Table.Td>{profile.role}</Table.Td>
                  {canManage && (
                    <Table.Td className={STICKY_END_CELL}>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Edit ${profile.full_name}`}
                          onClick={() => setFormTarget({ mode: 'edit', profile })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          aria-label={`Delete ${profile.full_name}`}
                          onClick={() => setToDelete(profile)}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollTable>

      {pageSize !== 'All' && pages > 1 && (
        <PagerNav
          page={page}
          total={pages}
          items={pageItems(page, pages)}
          onChange={setPage}
          estimated={list.data?.count_is_estimate === true}
        />
      )}

      {canManage && (
        <>
          <ProfileFormModal target={formTarget} onClose={() => setFormTarget(null)} onSave={save} />
          <Dialog
            opened={toDelete !== null}
            onClose={() => !remove.isPending && setToDelete(null)}
            title="Delete profile"
            size="sm"
          >
            <Text>Are you sure you want to delete this profile?</Text>
            {toDelete && (
              <Text fw={600} mt="xs">
                {toDelete.full_name}
              </Text>
            )}
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={() => setToDelete(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => toDelete && remove.mutate(toDelete)}
              >
                Delete
              </Button>
            </Group>
          </Dialog>
        </>
      )}
    </Stack>
  );
}
