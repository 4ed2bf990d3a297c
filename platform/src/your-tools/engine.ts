import type { ApiClient } from '@toolbox/sdk';
import { takeNotedUses } from '@toolbox/sdk/noted-uses';
import { notify, type YourToolsSnapshot } from '@toolbox/sdk/react';
import {
  accountBackend,
  BROWSER_KEY,
  browserBackend,
  mergeIntoAccount,
  toggled,
  withRecent,
  type YourToolsBackend,
} from '@toolbox/sdk/your-tools';
import type { SessionStore } from '../session';

interface Parts {
  api: ApiClient;
  session: SessionStore;
  set(next: YourToolsSnapshot): void;
  get(): YourToolsSnapshot;
}

export interface Engine {
  toggleFavourite(slug: string): Promise<void>;
  /** Puts the uses noted so far (`noteUse`, in this page or one left before) in the lists. */
  recordNotedUses(): Promise<void>;
  backend(): Promise<YourToolsBackend>;
}

const NOT_SAVED = 'Your change could not be saved. Please try again.';

/**
 * Follows the session: a visitor's lists come from the browser; on sign-in the browser's lists and
 * saved calculations are merged into the account (`POST /api/me/merge/`) and the browser's copy is
 * cleared, then the account's lists are read; on sign-out the browser's own lists are shown again
 * (none after a merge; those a failed merge left, for the next sign-in to merge). A change to an account's list waits until
 * the list has been read: a change made on a list that could not be read would replace the
 * account's list with that change alone.
 */
export function createEngine({ api, session, set, get }: Parts): Engine {
  const browser = browserBackend(window.localStorage);
  const account = accountBackend(api);
  const current = (): YourToolsBackend => (session.token ? account : browser);
  let token = session.token;
  /** The account's lists were read since the last sign-in. */
  let accountListsRead = false;

  async function sync() {
    const asked = session.token;
    if (!asked) {
      const data = browser.data();
      set({ favourites: data.favourites, recents: data.recents, where: 'browser', loaded: true });
      return;
    }
    accountListsRead = false;
    try {
      const merged = await mergeIntoAccount(api, browser);
      if (merged?.calculations_over_limit)
        notify(
          'info',
          'Some calculations were not kept',
          `${merged.calculations_over_limit} saved in this browser did not fit in your account (it is full).`,
        );
    } catch {
      // The browser keeps its copy; the next sign-in or page load tries again.
    }
    // Signed out meanwhile (a logout): the sync that followed shows the browser's lists.
    if (session.token !== asked) return;
    if (!(await readAccountLists(asked)) && session.token === asked)
      set({ favourites: [], recents: [], where: 'account', loaded: true });
  }

  /** Reads the account's lists into the snapshot; false when they could not be read. */
  async function readAccountLists(asked: string): Promise<boolean> {
    try {
      const [favourites, recents] = await Promise.all([account.favourites(), account.recents()]);
      if (session.token !== asked) return false;
      set({ favourites, recents, where: 'account', loaded: true });
      accountListsRead = true;
      return true;
    } catch {
      // Offline or the API is away: shown empty, and read again before any change.
      return false;
    }
  }

  /** Whether the lists a change starts from are the current ones (an account's read again if need be). */
  async function listsReady(): Promise<boolean> {
    const asked = session.token;
    return !asked || accountListsRead || readAccountLists(asked);
  }

  let syncing = sync();
  session.subscribe(() => {
    if (session.token === token) return;
    token = session.token;
    syncing = sync();
  });
  // A visitor's other tab changed the lists.
  window.addEventListener('storage', (event) => {
    if (event.key === BROWSER_KEY && !session.token) syncing = sync();
  });

  async function change(key: 'favourites' | 'recents', next: string[]) {
    const before = get();
    set({ ...before, [key]: next });
    const backend = current();
    try {
      const saved = key === 'favourites' ? await backend.setFavourites(next) : await backend.setRecents(next);
      if (backend === current()) set({ ...get(), [key]: saved });
    } catch (error) {
      if (backend === current()) set({ ...get(), [key]: before[key] });
      if (key === 'favourites')
        notify(
          'error',
          'Not saved',
          error instanceof Error && error.name === 'YourToolsError' ? error.message : NOT_SAVED,
        );
    }
  }

  async function recordNotedUses() {
    await syncing;
    // Left noted until the account's list can be read.
    if (!(await listsReady())) return;
    const noted = takeNotedUses(window.localStorage);
    const recents = noted.reduce((list, slug) => withRecent(list, slug), [...get().recents]);
    if (recents.join() !== get().recents.join()) await change('recents', recents);
  }
  // A tool used on a page left before this code loaded.
  void recordNotedUses();

  return {
    async toggleFavourite(slug) {
      await syncing;
      if (!(await listsReady())) {
        notify('error', 'Not saved', NOT_SAVED);
        return;
      }
      await change('favourites', toggled(get().favourites, slug));
    },
    recordNotedUses,
    async backend() {
      await syncing;
      return current();
    },
  };
}
