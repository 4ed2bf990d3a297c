// @vitest-environment happy-dom
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useCanGoBack,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGoBack, useReplaceAddress } from './history-moves';

afterEach(cleanup);

function Moves() {
  const goBack = useGoBack();
  const replace = useReplaceAddress();
  const canGoBack = useCanGoBack();
  return (
    <>
      <button type="button" disabled={!canGoBack} onClick={goBack}>
        Back
      </button>
      <button type="button" onClick={() => replace('/posts/5?next=%2Fa%20b#c12')}>
        Replace
      </button>
    </>
  );
}

function start(entries: string[]) {
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createRouter({ routeTree: createRootRoute({ component: Moves }), history });
  render(<RouterProvider router={router} />);
  return { history, router };
}

describe('useGoBack', () => {
  it('goes one step back in the history, to the address before', async () => {
    const { history, router } = start(['/bloguser']);
    await act(() => router.navigate({ to: '/posts/5' }));
    expect(history.location.pathname).toBe('/posts/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await act(async () => {});
    expect(history.location.pathname).toBe('/bloguser');
  });
});

describe('useReplaceAddress', () => {
  it('puts the full path in place of the address, its query as written, with no step added', async () => {
    const { history, router } = start(['/bloguser']);
    await act(() => router.navigate({ to: '/login' }));
    const steps = history.length;
    fireEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await act(async () => {});
    expect(history.location.pathname).toBe('/posts/5');
    expect(history.location.search).toBe('?next=%2Fa%20b');
    expect(history.location.hash).toBe('#c12');
    expect(history.length).toBe(steps);
  });
});
