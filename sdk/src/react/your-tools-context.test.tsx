// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY_YOUR_TOOLS,
  useIsFavourite,
  useYourToolsStore,
  type YourTools,
  YourToolsProvider,
  type YourToolsSnapshot,
} from './your-tools-context';

afterEach(cleanup);

/** A store whose lists the test sets. */
function testStore() {
  let snapshot: YourToolsSnapshot = EMPTY_YOUR_TOOLS;
  const listeners = new Set<() => void>();
  const store: YourTools = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    toggleFavourite: () => undefined,
    recordUse: () => undefined,
    backend: () => Promise.reject(new Error('not in this test')),
  };
  const set = (next: Partial<YourToolsSnapshot>) =>
    act(() => {
      snapshot = { ...snapshot, ...next };
      for (const listener of listeners) listener();
    });
  return { store, set };
}

describe('useIsFavourite', () => {
  it('renders again only when that tool becomes or stops being a favourite', () => {
    const { store, set } = testStore();
    let renders = 0;
    function Star() {
      renders += 1;
      return <p data-testid="star">{useIsFavourite('bmi') ? 'on' : 'off'}</p>;
    }
    render(
      <YourToolsProvider value={store}>
        <Star />
      </YourToolsProvider>,
    );
    expect(screen.getByTestId('star').textContent).toBe('off');
    const first = renders;

    set({ loaded: true, recents: ['age'] });
    set({ favourites: ['age'] });
    expect(renders).toBe(first);

    set({ favourites: ['age', 'bmi'] });
    expect(screen.getByTestId('star').textContent).toBe('on');
    expect(renders).toBe(first + 1);

    set({ favourites: [] });
    expect(screen.getByTestId('star').textContent).toBe('off');
  });
});

describe('useYourToolsStore', () => {
  it('gives the store without rendering again when the lists change', () => {
    const { store, set } = testStore();
    let renders = 0;
    let given: YourTools | undefined;
    function Page() {
      renders += 1;
      given = useYourToolsStore();
      return null;
    }
    render(
      <YourToolsProvider value={store}>
        <Page />
      </YourToolsProvider>,
    );
    set({ loaded: true, favourites: ['bmi'], recents: ['bmi'] });
    expect(given).toBe(store);
    expect(renders).toBe(1);
  });

  it('says what is missing outside the provider', () => {
    function Page() {
      useYourToolsStore();
      return null;
    }
    expect(() => render(<Page />)).toThrow('useYourTools needs a <YourToolsProvider>');
  });
});
