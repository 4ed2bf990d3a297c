import { memoryStorage, TEST_MEMBER } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { createSessionStore, parseUser } from './session';

const ann = TEST_MEMBER;

describe('parseUser', () => {
  it('accepts the API user and refuses any other shape', () => {
    expect(parseUser(ann)).toEqual(ann);
    expect(parseUser({ ...ann, role: 'owner' })).toBeNull();
    expect(parseUser({ ...ann, id: '1' })).toBeNull();
    expect(parseUser(null)).toBeNull();
  });

  it("keeps the user's profile id, a number or null, and accepts a user stored without one", () => {
    expect(parseUser({ ...ann, profile_id: 7 })).toEqual({ ...ann, profile_id: 7 });
    expect(parseUser({ ...ann, profile_id: null })).toEqual({ ...ann, profile_id: null });
    expect(parseUser(ann)).not.toHaveProperty('profile_id');
    expect(parseUser({ ...ann, profile_id: '7' })).toBeNull();
    expect(parseUser({ ...ann, profile_id: 1.5 })).toBeNull();
  });
});

describe('createSessionStore', () => {
  it('starts signed in from a token and a user in storage', () => {
    const store = createSessionStore(memoryStorage({ authToken: 't1', authUser: JSON.stringify(ann) }));
    expect(store.token).toBe('t1');
    expect(store.user).toEqual(ann);
  });

  it('treats a token without a user, or unreadable JSON, as signed out and forgets it', () => {
    const storage = memoryStorage({ authToken: 't1', authUser: '{not json' });
    const store = createSessionStore(storage);
    expect(store.user).toBeNull();
    expect(store.token).toBeNull();
    expect(storage.getItem('authToken')).toBeNull();
    expect(storage.getItem('authUser')).toBeNull();
  });

  it('signs in and out, writing storage and telling subscribers with a new snapshot each time', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot()));
    const before = store.getSnapshot();

    store.signIn('t2', ann);
    expect(storage.getItem('authToken')).toBe('t2');
    expect(JSON.parse(storage.getItem('authUser') ?? 'null')).toEqual(ann);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().user).toEqual(ann);

    store.signOut();
    expect(store.user).toBeNull();
    expect(storage.getItem('authToken')).toBeNull();
    expect(seen).toHaveLength(2);

    unsubscribe();
    store.signIn('t3', ann);
    expect(seen).toHaveLength(2);
  });

  it('refuses to sign in without a token or with a user of the wrong shape', () => {
    const store = createSessionStore(memoryStorage());
    expect(() => store.signIn('', ann)).toThrow('A session needs a token and a user.');
    expect(() => store.signIn('t', { ...ann, role: 'owner' } as never)).toThrow(
      'A session needs a token and a user.',
    );
  });

  it('refreshes the user only for the same token, and keeps the snapshot when nothing changed', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn('t4', ann);
    const snapshot = store.getSnapshot();
    store.refreshUser('t4', { ...ann });
    expect(store.getSnapshot()).toBe(snapshot);
    store.refreshUser('other', { ...ann, full_name: 'Someone else' });
    expect(store.user?.full_name).toBe('Ann');
    store.refreshUser('t4', { ...ann, full_name: 'Ann Lee' });
    expect(store.user?.full_name).toBe('Ann Lee');
    expect(JSON.parse(storage.getItem('authUser') ?? 'null').full_name).toBe('Ann Lee');
  });

  it('lives in memory when storage is unavailable', () => {
    const store = createSessionStore(undefined);
    store.signIn('t5', ann);
    expect(store.token).toBe('t5');
  });
});
