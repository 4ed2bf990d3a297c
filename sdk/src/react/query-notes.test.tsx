// @vitest-environment happy-dom

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryKeyNotes, useQueryRead } from './query-notes';

let read: Record<string, unknown> = {};
function View() {
  read = useQueryRead(['page', 'search']);
  return <output>{JSON.stringify(read)}</output>;
}

function mount(url: string, told?: (keys: readonly string[]) => void) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const root = createRootRoute({
    component: () =>
      told ? (
        <QueryKeyNotes value={told}>
          <View />
        </QueryKeyNotes>
      ) : (
        <View />
      ),
  });
  const router = createRouter({ routeTree: root, history });
  render(<RouterProvider router={router} />);
  return history;
}

afterEach(cleanup);

describe('useQueryRead', () => {
  it('gives the values of its keys as the router reads them, and no other key', async () => {
    mount('/?page=2&search=tea&utm_source=news&size=20');
    await waitFor(() => expect(screen.getByText(/page/)).toBeTruthy());
    expect(read).toEqual({ page: 2, search: 'tea' });
  });

  it('leaves out a key the query lacks, and follows the address as it changes', async () => {
    const history = mount('/?search=tea');
    await waitFor(() => expect(screen.getByText(/tea/)).toBeTruthy());
    expect(read).toEqual({ search: 'tea' });
    act(() => history.push('/?page=3'));
    await waitFor(() => expect(read).toEqual({ page: 3 }));
  });

  it('keeps the query of the address it is drawn for while the router moves on to another', async () => {
    let arrive = () => {};
    const root = createRootRoute({ component: Outlet });
    const here = createRoute({ getParentRoute: () => root, path: '/', component: View });
    const next = createRoute({
      getParentRoute: () => root,
      path: '/next',
      loader: () => new Promise<void>((resolve) => (arrive = resolve)),
      component: () => <p>next</p>,
    });
    const history = createMemoryHistory({ initialEntries: ['/?page=2'] });
    const router = createRouter({ routeTree: root.addChildren([here, next]), history });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(read).toEqual({ page: 2 }));
    act(() => void router.navigate({ to: '/next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/next'));
    expect(screen.getByText(/page/)).toBeTruthy();
    expect(read).toEqual({ page: 2 });
    act(() => arrive());
    await waitFor(() => expect(screen.getByText('next')).toBeTruthy());
  });

  it("tells the build's render the keys it reads (decision 172)", async () => {
    const told: (readonly string[])[] = [];
    mount('/?page=2', (keys) => told.push(keys));
    await waitFor(() => expect(screen.getByText(/page/)).toBeTruthy());
    expect(told.length).toBeGreaterThan(0);
    for (const keys of told) expect(keys).toEqual(['page', 'search']);
  });
});
