// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeaderIconLink } from './header-icon-link';

afterEach(cleanup);

function Header() {
  return (
    <MantineProvider>
      <HeaderIconLink to="/saved" label="Saved calculations">
        <svg aria-hidden />
      </HeaderIconLink>
    </MantineProvider>
  );
}

describe('HeaderIconLink', () => {
  it('is a link named by its label, with the label as its tooltip, that leads to its page', async () => {
    const history = createMemoryHistory({ initialEntries: ['/about'] });
    const router = createRouter({ routeTree: createRootRoute({ component: Header }), history });
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'Saved calculations' });
    expect(link.getAttribute('href')).toBe('/saved');
    expect(link.getAttribute('title')).toBe('Saved calculations');
    expect(link.getAttribute('data-variant')).toBe('default');
    expect(link.getAttribute('data-size')).toBe('lg');

    await act(async () => fireEvent.click(link));
    expect(router.state.location.pathname).toBe('/saved');
  });
});
