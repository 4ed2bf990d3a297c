// @vitest-environment happy-dom
import type { ApiClient } from '@toolbox/sdk';
import { noteUse } from '@toolbox/sdk/noted-uses';
import { EMPTY_YOUR_TOOLS, type YourToolsSnapshot } from '@toolbox/sdk/react';
import { memoryStorage, TEST_MEMBER } from '@toolbox/sdk/testing';
import { BROWSER_KEY } from '@toolbox/sdk/your-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../session';
import { createEngine } from './engine';

const ann = TEST_MEMBER;

/** The account as the API keeps it, answering the few requests the engine makes. */
function fakeAccount(favourites: string[] = []) {
  const account = {
    favourites,
    recents: [] as string[],
    merged: [] as unknown[],
    refuse: false,
    refuseReads: false,
    refuseMerge: false,
  };
  const api = {
    get: async (path: string) => {
      if (account.refuseReads) throw new Error('unavailable');
      return path.endsWith('/favourites/') ? account.favourites : account.recents;
    },
    put: async (path: string, body: string[]) => {
      if (account.refuse) throw new Error('refused');
      if (path.endsWith('/favourites/')) account.favourites = body;
      else account.recents = body;
      return body;
    },
    post: async (_path: string, body: { favourites: string[]; recent_tools: string[] }) => {
      if (account.refuseMerge) throw new Error('unavailable');
      account.merged.push(body);
      account.favourites = [
        ...account.favourites,
        ...body.favourites.filter((s) => !account.favourites.includes(s)),
      ];
      return {
        favourites: account.favourites,
        recent_tools: [],
        calculations_added: 0,
        calculations_over_limit: 0,
      };
    },
  } as unknown as ApiClient;
  return { account, api };
}

function start(api: ApiClient) {
  const session = createSessionStore(memoryStorage());
  let snapshot: YourToolsSnapshot = EMPTY_YOUR_TOOLS;
  const engine = createEngine({ api, session, set: (next) => (snapshot = next), get: () => snapshot });
  return { session, engine, lists: () => snapshot };
}

const settled = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
};

describe('the your-tools engine', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('keeps a visitor’s favourites in the browser', async () => {
    const { api } = fakeAccount();
    const { engine, lists } = start(api);
    await engine.toggleFavourite('unit-converter');
    noteUse(window.localStorage, 'bmi-calculator');
    await engine.recordNotedUses();
    expect(lists()).toMatchObject({
      favourites: ['unit-converter'],
      recents: ['bmi-calculator'],
      where: 'browser',
    });
    expect(JSON.parse(window.localStorage.getItem(BROWSER_KEY) ?? '{}').favourites).toEqual([
      'unit-converter',
    ]);
  });

  it('lists a use noted on a page left before the lists loaded, once, most recent first', async () => {
    window.localStorage.setItem(BROWSER_KEY, JSON.stringify({ recents: ['age-calculator'] }));
    noteUse(window.localStorage, 'unit-converter');
    noteUse(window.localStorage, 'bmi-calculator');
    const { api } = fakeAccount();
    const { engine, lists } = start(api);
    await settled(() => lists().recents.length === 3);
    expect(lists().recents).toEqual(['bmi-calculator', 'unit-converter', 'age-calculator']);
    expect(JSON.parse(window.localStorage.getItem(BROWSER_KEY) ?? '{}').recents).toEqual(lists().recents);
    // Taken once: asking again changes nothing.
    await engine.recordNotedUses();
    expect(lists().recents).toEqual(['bmi-calculator', 'unit-converter', 'age-calculator']);
  });

  it('puts a member’s noted use in the account', async () => {
    const { account, api } = fakeAccount();
    const { session, engine, lists } = start(api);
    session.signIn('token-1', ann);
    await settled(() => lists().where === 'account');
    noteUse(window.localStorage, 'bmi-calculator');
    await engine.recordNotedUses();
    expect(account.recents).toEqual(['bmi-calculator']);
    expect(lists().recents).toEqual(['bmi-calculator']);
    expect(window.localStorage.getItem(BROWSER_KEY)).toBeNull();
  });

  it('merges the browser into the account on sign-in, clears it, and shows it (empty) again on sign-out', async () => {
    const { account, api } = fakeAccount(['age-calculator']);
    const { session, engine, lists } = start(api);
    await engine.toggleFavourite('unit-converter');

    session.signIn('token-1', ann);
    await settled(() => lists().where === 'account');
    expect(account.merged).toHaveLength(1);
    expect(lists().favourites).toEqual(['age-calculator', 'unit-converter']);
    expect(window.localStorage.getItem(BROWSER_KEY)).toBeNull();

    // Signed in, a star goes to the account, not the browser.
    await engine.toggleFavourite('bmi-calculator');
    expect(account.favourites).toEqual(['age-calculator', 'unit-converter', 'bmi-calculator']);
    expect(window.localStorage.getItem(BROWSER_KEY)).toBeNull();

    session.signOut();
    await settled(() => lists().where === 'browser');
    expect(lists().favourites).toEqual([]);
  });

  it('reads no account list for a session that ended during its merge (a logout)', async () => {
    const { account, api } = fakeAccount();
    const reads: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tracked = {
      ...api,
      get: (path: string) => {
        reads.push(path);
        return api.get(path);
      },
      post: async (path: string, body: unknown) => {
        await held;
        return api.post(path, body);
      },
    } as ApiClient;
    const { session, engine, lists } = start(tracked);
    await engine.toggleFavourite('unit-converter');

    session.signIn('token-1', ann);
    session.signOut();
    await settled(() => lists().where === 'browser');
    release();
    await settled(() => account.merged.length === 1);
    // The merge's answer is taken up in the tasks that follow it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toEqual([]);
    expect(lists().where).toBe('browser');
  });

  it('puts a refused star back as it was', async () => {
    const { account, api } = fakeAccount(['age-calculator']);
    const { session, engine, lists } = start(api);
    session.signIn('token-1', ann);
    await settled(() => lists().where === 'account');
    account.refuse = true;
    await engine.toggleFavourite('unit-converter');
    expect(lists().favourites).toEqual(['age-calculator']);
  });

  it('changes no account list it could not read, and keeps the noted use for later', async () => {
    const { account, api } = fakeAccount(['age-calculator']);
    account.refuseReads = true;
    const { session, engine, lists } = start(api);
    session.signIn('token-1', ann);
    await settled(() => lists().where === 'account');
    await engine.toggleFavourite('unit-converter');
    noteUse(window.localStorage, 'bmi-calculator');
    await engine.recordNotedUses();
    expect(account.favourites).toEqual(['age-calculator']);
    expect(account.recents).toEqual([]);

    account.refuseReads = false;
    await engine.toggleFavourite('unit-converter');
    expect(account.favourites).toEqual(['age-calculator', 'unit-converter']);
    await engine.recordNotedUses();
    expect(account.recents).toEqual(['bmi-calculator']);
  });

  it('keeps the browser’s lists through sign-out when they could not be merged', async () => {
    const { account, api } = fakeAccount();
    account.refuseMerge = true;
    const { session, engine, lists } = start(api);
    await engine.toggleFavourite('unit-converter');
    session.signIn('token-1', ann);
    await settled(() => lists().where === 'account');
    session.signOut();
    await settled(() => lists().where === 'browser');
    expect(lists().favourites).toEqual(['unit-converter']);

    account.refuseMerge = false;
    session.signIn('token-2', ann);
    await settled(() => lists().where === 'account' && account.merged.length === 1);
    expect(account.favourites).toEqual(['unit-converter']);
  });
});
