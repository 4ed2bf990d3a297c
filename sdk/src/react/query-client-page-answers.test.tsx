// @vitest-environment happy-dom
import { dehydrate, QueryClient, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STATE } from '../page-files';

const KEY = ['posts', { page: 1 }];

/** A page sent with the answer `sent` for KEY, arrived `agoMs` ago by a navigation of `type`. */
function sendPage(sent: string, type: NavigationTimingType, agoMs: number) {
  const server = new QueryClient();
  server.setQueryData(KEY, sent, { updatedAt: 1 });
  const script = document.createElement('script');
  script.type = 'application/json';
  script.setAttribute(QUERY_STATE, '');
  script.textContent = JSON.stringify(dehydrate(server));
  document.body.append(script);
  const responseStart = Date.now() - performance.timeOrigin - agoMs;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type, responseStart } as unknown as PerformanceEntry,
  ]);
}

/** The app as it starts on that page: a new shared cache, and a view reading KEY. */
async function startApp() {
  vi.resetModules();
  const { QueriesProvider } = await import('./query-client');
  const read = vi.fn(async () => 'read now');
  function Posts() {
    const query = useQuery({ queryKey: KEY, queryFn: read });
    return <p>{query.data}</p>;
  }
  render(
    <QueriesProvider>
      <Posts />
    </QueriesProvider>,
  );
  return read;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('the answers a page was sent with', () => {
  it('are shown as sent, and not read again, when the page has just arrived', async () => {
    sendPage('sent with the page', 'navigate', 100);
    const read = await startApp();
    expect(screen.getByText('sent with the page')).toBeTruthy();
    // Given the chance to read, the view does not.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).not.toHaveBeenCalled();
  });

  it('are read again when the page arrived longer ago than they count as current', async () => {
    const { PAGE_ANSWERS_FRESH_MS } = await import('./query-client');
    sendPage('sent with the page', 'reload', PAGE_ANSWERS_FRESH_MS + 1_000);
    const read = await startApp();
    expect(screen.getByText('sent with the page')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('read now')).toBeTruthy());
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('are read again on a back or forward visit, which may have read the page from the cache', async () => {
    sendPage('sent with the page', 'back_forward', 100);
    const read = await startApp();
    await waitFor(() => expect(screen.getByText('read now')).toBeTruthy());
    expect(read).toHaveBeenCalledTimes(1);
  });
});
