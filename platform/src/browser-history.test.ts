// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppHistory } from './browser-history';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('createAppHistory', () => {
  it('listens for popstate but never for beforeunload', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const history = createAppHistory();
    const types = added.mock.calls.map(([type]) => type);
    expect(types).toContain('popstate');
    expect(types).not.toContain('beforeunload');
    history.destroy();
  });

  it('moves the real window’s location and tells its subscribers', () => {
    const history = createAppHistory();
    const seen: string[] = [];
    const unsubscribe = history.subscribe(({ location }) => seen.push(location.pathname));
    history.push('/some-tool?weight=70');
    history.flush();
    expect(window.location.pathname).toBe('/some-tool');
    expect(window.location.search).toBe('?weight=70');
    expect(history.location.pathname).toBe('/some-tool');
    expect(seen).toEqual(['/some-tool']);
    unsubscribe();
    history.destroy();
  });

  it('removes the listeners it added when destroyed', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    createAppHistory().destroy();
    expect(removed.mock.calls.map(([type]) => type)).toContain('popstate');
  });
});
