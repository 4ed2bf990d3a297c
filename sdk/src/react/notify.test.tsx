// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NotificationsHost, notify } from './notify';

/** Whether Mantine's notifications have been loaded (the notify module's state lasts the file). */
const mantine = vi.hoisted(() => ({ loaded: false }));
vi.mock('./mantine-notifications', async (importOriginal) => {
  mantine.loaded = true;
  return importOriginal();
});

afterAll(cleanup);

function mount() {
  render(
    <MantineProvider>
      <main>The page</main>
      <NotificationsHost />
    </MantineProvider>,
  );
}

const notices = () => screen.queryAllByRole('alert');

describe('notify', () => {
  it('loads Mantine’s notifications with the first notification, and shows it with a named close button', async () => {
    mount();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(mantine.loaded).toBe(false);
    expect(notices()).toHaveLength(0);

    act(() => notify('success', 'Saved', 'Your calculation is in your list.'));
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(mantine.loaded).toBe(true);
    const [notice] = notices();
    expect(notice?.textContent).toContain('Saved');
    expect(notice?.textContent).toContain('Your calculation is in your list.');
    expect(within(notice as HTMLElement).getByRole('button', { name: 'Close notification' })).toBeTruthy();
  });

  it('shows a notification with an id once while it is open, and takes any content as its message', async () => {
    const reload = <button type="button">Reload</button>;
    act(() => notify('info', 'A new version is available', reload, { id: 'new-version', autoClose: false }));
    act(() => notify('info', 'A new version is available', reload, { id: 'new-version', autoClose: false }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1));
    expect(notices().filter((notice) => notice.textContent?.includes('A new version'))).toHaveLength(1);
  });
});
