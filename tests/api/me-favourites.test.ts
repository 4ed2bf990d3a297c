/**
 * A signed-in user's favourite and recently used tools (/api/me/favourites/, /api/me/recent-tools/)
 * and the lists part of the sign-in merge (/api/me/merge/), over HTTP on both databases.
 */
import { SAVED_MESSAGES, TOOL_LIST_MAX } from '@toolbox/api/saved/fields';
import { type MergeReply, RECENT_TOOLS_LIMIT } from '@toolbox/sdk/wire';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, createAccount, login } from '../support/accounts';
import { describeEachDatabase } from '../support/server';
import { toolFolders } from '../support/tools';

const LISTS = [
  { path: '/api/me/favourites/', name: 'favourites' },
  { path: '/api/me/recent-tools/', name: 'recent tools' },
] as const;

describeEachDatabase('your favourite and recent tools', (api) => {
  let member: Account;
  let other: Account;
  let adminToken: string;
  /** Real tools of the registry, in a fixed order. */
  let tools: string[];

  beforeAll(async () => {
    tools = toolFolders().sort();
    expect(tools.length).toBeGreaterThan(RECENT_TOOLS_LIMIT + 2);
    member = await createAccount(api);
    other = await createAccount(api);
    adminToken = await login(api, api.admin.username, api.admin.password);
  });

  const read = (path: string, token: string, headers: Record<string, string> = {}) =>
    api.json<string[]>(path, { headers: { ...authHeader(token), ...headers } });
  const write = (path: string, token: string, body: unknown) =>
    api.json<string[] & Record<string, string[]>>(path, { method: 'PUT', headers: authHeader(token), body });
  const merge = (token: string, body: unknown) =>
    api.json<MergeReply & Record<string, string[]>>('/api/me/merge/', {
      method: 'POST',
      headers: authHeader(token),
      body,
    });

  describe.each(LISTS)('$name', ({ path }) => {
    it('answers 401 without a session, or with a token that is not valid', async () => {
      for (const method of ['GET', 'PUT']) {
        const anonymous = await api.json<{ error: string }>(path, {
          method,
          body: method === 'PUT' ? [] : undefined,
        });
        expect(anonymous.status, method).toBe(401);
        expect(anonymous.body.error).toBe('Authentication credentials were not provided.');
        const stale = await api.json<{ error: string }>(path, { method, headers: authHeader('not-a-token') });
        expect(stale.status, method).toBe(401);
        expect(stale.body.error).toBe('Invalid or expired token.');
      }
    });

    it('is empty at first, a private read with an ETag', async () => {
      const fresh = await createAccount(api);
      const res = await api.request(path, { headers: authHeader(fresh.token) });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const etag = res.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await api.request(path, {
        headers: { ...authHeader(fresh.token), 'If-None-Match': etag as string },
      });
      expect(again.status).toBe(304);
    });

    it('keeps the order sent, each slug once (the first place), and reads it back', async () => {
      const [a, b, c] = tools as [string, string, string];
      const written = await write(path, member.token, [c, a, c, b, a]);
      expect(written.status).toBe(200);
      expect(written.body).toEqual([c, a, b]);
      expect((await read(path, member.token)).body).toEqual([c, a, b]);
      const changed = await write(path, member.token, [b]);
      expect(changed.body).toEqual([b]);
      expect((await read(path, member.token)).body).toEqual([b]);
    });

    it('is per user: another member and an admin keep their own', async () => {
      const [a, b] = tools as [string, string];
      await write(path, member.token, [a]);
      await write(path, other.token, [b]);
      expect((await read(path, member.token)).body).toEqual([a]);
      expect((await read(path, other.token)).body).toEqual([b]);
      expect((await read(path, adminToken)).body).toEqual([]);
    });

    it('refuses a slug that is not a tool, naming it, and keeps the list as it was', async () => {
      const [a] = tools as [string];
      await write(path, member.token, [a]);
      const refused = await write(path, member.token, [a, 'no-such-tool', 'account']);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        '1': [SAVED_MESSAGES.unknownTool('no-such-tool')],
        '2': [SAVED_MESSAGES.unknownTool('account')],
      });
      expect((await read(path, member.token)).body).toEqual([a]);
      // A long slug is named cut to 100 characters, never inside an emoji.
      const long = await write(path, member.token, [`${'a'.repeat(99)}😀😀`]);
      expect(long.body).toEqual({ '0': [SAVED_MESSAGES.unknownTool(`${'a'.repeat(99)}😀`)] });
    });

    it('refuses what is not a list of slugs, and more than the most it takes', async () => {
      for (const [body, expected] of [
        [{ favourites: [] }, { non_field_errors: [SAVED_MESSAGES.notAList] }],
        ['"unit-converter"', { non_field_errors: [SAVED_MESSAGES.notAList] }],
        [[3], { '0': [SAVED_MESSAGES.notASlug] }],
        [[''], { '0': [SAVED_MESSAGES.toolRequired] }],
        [
          Array.from({ length: TOOL_LIST_MAX + 1 }, () => tools[0]),
          { non_field_errors: [SAVED_MESSAGES.listTooLong] },
        ],
        // Far too long is one message, not one for each of its items as well.
        [Array(TOOL_LIST_MAX * 50).fill('x'), { non_field_errors: [SAVED_MESSAGES.listTooLong] }],
      ] as const) {
        const { status, body: answer } = await write(path, member.token, body);
        expect(status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(answer).toEqual(expected);
      }
      const notJson = await api.request(path, {
        method: 'PUT',
        headers: { ...authHeader(member.token), 'Content-Type': 'text/plain' },
        body: '[]',
      });
      expect(notJson.status).toBe(415);
      const malformed = await api.json<{ error: string }>(path, {
        method: 'PUT',
        headers: { ...authHeader(member.token), 'Content-Type': 'application/json' },
        body: '[',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: 'Malformed JSON body.' });
    });
  });

  it(`keeps the ${RECENT_TOOLS_LIMIT} newest recent tools, and every favourite`, async () => {
    const many = tools.slice(0, RECENT_TOOLS_LIMIT + 2);
    expect((await write('/api/me/recent-tools/', member.token, many)).body).toEqual(
      many.slice(0, RECENT_TOOLS_LIMIT),
    );
    expect((await read('/api/me/recent-tools/', member.token)).body).toEqual(
      many.slice(0, RECENT_TOOLS_LIMIT),
    );
    expect((await write('/api/me/favourites/', member.token, many)).body).toEqual(many);
  });

  it("merges a browser's lists after the account's, dropping tools that no longer exist", async () => {
    const user = await createAccount(api);
    const [a, b, c, d] = tools as [string, string, string, string];
    await write('/api/me/favourites/', user.token, [b, a]);
    await write('/api/me/recent-tools/', user.token, [c]);
    const { status, body } = await merge(user.token, {
      favourites: [c, a, 'gone-tool', b, d, c],
      recent_tools: ['gone-tool', ...tools],
      calculations: [],
    });
    expect(status).toBe(200);
    expect(body.favourites).toEqual([b, a, c, d]);
    expect(body.recent_tools).toEqual(
      [c, ...tools.filter((slug) => slug !== c)].slice(0, RECENT_TOOLS_LIMIT),
    );
    expect(body.calculations_added).toBe(0);
    expect(body.calculations_over_limit).toBe(0);
    expect((await read('/api/me/favourites/', user.token)).body).toEqual(body.favourites);
    expect((await read('/api/me/recent-tools/', user.token)).body).toEqual(body.recent_tools);

    // Merging the same again changes nothing; an empty merge neither.
    expect((await merge(user.token, { favourites: [d, c], recent_tools: [c] })).body.favourites).toEqual(
      body.favourites,
    );
    const empty = await merge(user.token, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ ...body, calculations_added: 0, calculations_over_limit: 0 });
  });

  it('refuses a merge that is not an object of lists', async () => {
    for (const [body, expected] of [
      [[], { non_field_errors: [SAVED_MESSAGES.notAnObject] }],
      [{ favourites: 'unit-converter' }, { favourites: [SAVED_MESSAGES.notAList] }],
      [{ recent_tools: [1] }, { 'recent_tools.0': [SAVED_MESSAGES.notASlug] }],
      [{ calculations: {} }, { calculations: [SAVED_MESSAGES.notACalculationList] }],
      [{ calculations: null }, { calculations: [SAVED_MESSAGES.notACalculationList] }],
    ] as const) {
      const { status, body: answer } = await merge(member.token, body);
      expect(status).toBe(400);
      expect(answer).toEqual(expected);
    }
    const anonymous = await api.json('/api/me/merge/', { method: 'POST', body: {} });
    expect(anonymous.status).toBe(401);
  });
});
