// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReturnAddress } from './return-address';

function View() {
  return <output>{useReturnAddress()}</output>;
}

afterEach(cleanup);

describe('useReturnAddress', () => {
  it('is the address the visitor is on, its query and hash included, and follows it', async () => {
    const history = createMemoryHistory({ initialEntries: ['/posts/5?comments=open#c12'] });
    const router = createRouter({ routeTree: createRootRoute({ component: View }), history });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('status')).textContent).toBe('/posts/5?comments=open#c12');

    await act(() => router.navigate({ to: '/bloguser', search: { page: 2 } }));
    expect(screen.getByRole('status').textContent).toBe('/bloguser?page=2');
  });
});
