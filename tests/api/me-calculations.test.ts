/**
 * Saved calculations (/api/me/calculations/) and their part of the sign-in merge
 * (/api/me/merge/), over HTTP on both databases: ownership, validation, paging, search, the cap.
 */
import { SAVED_MESSAGES } from '@toolbox/api/saved/fields';
import {
  FIELD_MESSAGES,
  type MergeReply,
  SAVED_CALCULATIONS_LIMIT,
  SAVED_INPUT_MAX_BYTES,
  type SavedCalculation,
  type SavedCalculationDraft,
} from '@toolbox/sdk/wire';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, createAccount, login } from '../support/accounts';
import type { PageBody } from '../support/blog';
import { describeEachDatabase } from '../support/server';

type Answer = SavedCalculation & Record<string, string[]> & { error: string };

const BMI: SavedCalculationDraft = {
  tool: 'bmi-calculator',
  name: 'My BMI',
  input: { weight: '70', height: '175', unit: 'metric' },
  result_text: 'BMI 22.9',
};

/** `n` different drafts, numbered from `from`. */
const drafts = (n: number, from = 0): SavedCalculationDraft[] =>
  Array.from({ length: n }, (_, i) => ({
    tool: 'unit-converter',
    name: `Length ${from + i}`,
    input: { value: String(from + i), from: 'm', to: 'ft' },
    result_text: `${from + i} m`,
  }));

describeEachDatabase('your saved calculations', (api) => {
  let member: Account;
  let other: Account;
  let adminToken: string;

  beforeAll(async () => {
    member = await createAccount(api);
    other = await createAccount(api);
    adminToken = await login(api, api.admin.username, api.admin.password);
  });

  const save = (token: string, body: unknown) =>
    api.json<Answer>('/api/me/calculations/', { method: 'POST', headers: authHeader(token), body });
  const saved = async (token: string, body: SavedCalculationDraft = BMI) => {
    const { status, body: answer } = await save(token, body);
    expect(status).toBe(201);
    return answer;
  };
  const list = (token: string, query = '') =>
    api.json<PageBody<SavedCalculation>>(`/api/me/calculations/${query}`, { headers: authHeader(token) });
  const one = (token: string, id: number) =>
    api.json<Answer>(`/api/me/calculations/${id}/`, { headers: authHeader(token) });
  const change = (token: string, id: number | string, body: unknown) =>
    api.json<Answer>(`/api/me/calculations/${id}/`, { method: 'PATCH', headers: authHeader(token), body });
  const remove = (token: string, id: number | string) =>
    api.request(`/api/me/calculations/${id}/`, { method: 'DELETE', headers: authHeader(token) });
  const merge = (token: string, calculations: unknown[]) =>
    api.json<MergeReply & Record<string, string[]>>('/api/me/merge/', {
      method: 'POST',
      headers: authHeader(token),
      body: { calculations },
    });

  it('answers 401 on every route without a session', async () => {
    const mine = await saved(member.token);
    for (const [method, path, body] of [
      ['GET', '/api/me/calculations/', undefined],
      ['POST', '/api/me/calculations/', BMI],
      ['GET', `/api/me/calculations/${mine.id}/`, undefined],
      ['PATCH', `/api/me/calculations/${mine.id}/`, { name: 'Taken' }],
      ['DELETE', `/api/me/calculations/${mine.id}/`, undefined],
      ['POST', '/api/me/merge/', { calculations: [BMI] }],
    ] as const) {
      const { status, body: answer } = await api.json<{ error: string }>(path, { method, body });
      expect(status, `${method} ${path}`).toBe(401);
      expect(answer.error).toBe('Authentication credentials were not provided.');
    }
    expect((await one(member.token, mine.id)).body.name).toBe(BMI.name);
  });

  describe('saving', () => {
    it('answers 201 with the calculation, its name and result text trimmed', async () => {
      const { status, body } = await save(member.token, {
        ...BMI,
        name: '  Before the holidays ',
        result_text: ' BMI 22.9 ',
        id: 999,
        user: other.userId,
      });
      expect(status).toBe(201);
      expect(Object.keys(body).sort()).toEqual([
        'created_at',
        'id',
        'input',
        'name',
        'result_text',
        'tool',
        'updated_at',
      ]);
      expect(body).toMatchObject({
        tool: BMI.tool,
        name: 'Before the holidays',
        input: BMI.input,
        result_text: 'BMI 22.9',
      });
      expect(body.id).not.toBe(999);
      expect(Date.parse(body.created_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(body.updated_at).toBe(body.created_at);
      expect((await one(member.token, body.id)).body).toEqual(body);
      expect((await one(other.token, body.id)).status).toBe(404);
    });

    it('takes an input of exactly the largest size, and no result text', async () => {
      const base = JSON.stringify({ v: '' }).length;
      const input = { v: 'x'.repeat(SAVED_INPUT_MAX_BYTES - base) };
      const { status, body } = await save(member.token, { tool: BMI.tool, name: 'Big', input });
      expect(status).toBe(201);
      expect(body.input).toEqual(input);
      expect(body.result_text).toBe('');
    });

    it('keeps every key of the input as sent, __proto__, constructor and prototype too', async () => {
      const sent = '{"__proto__":{"polluted":true},"constructor":"c","prototype":1,"weight":"70"}';
      const { status, body } = await save(member.token, {
        tool: BMI.tool,
        name: 'Odd keys',
        input: JSON.parse(sent),
      });
      expect(status).toBe(201);
      const keys = (input: object) => Object.keys(input).sort();
      expect(keys(body.input)).toEqual(['__proto__', 'constructor', 'prototype', 'weight']);
      expect(Object.getOwnPropertyDescriptor(body.input, '__proto__')?.value).toEqual({ polluted: true });
      expect(keys((await one(member.token, body.id)).body.input)).toEqual(keys(body.input));
      // Stored as data: no object of the server (in this process) took it as a prototype.
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });

    it('refuses what is not a valid calculation, with a message per field', async () => {
      const tooBig = { v: 'é'.repeat(SAVED_INPUT_MAX_BYTES / 2) };
      for (const [body, expected] of [
        [{ ...BMI, tool: 'no-such-tool' }, { tool: [SAVED_MESSAGES.unknownTool('no-such-tool')] }],
        [{ ...BMI, tool: 'blog' }, { tool: [SAVED_MESSAGES.unknownTool('blog')] }],
        [{ name: 'x', input: {} }, { tool: [SAVED_MESSAGES.toolRequired] }],
        [{ ...BMI, name: '   ' }, { name: [FIELD_MESSAGES.required] }],
        [{ ...BMI, name: 'n'.repeat(201) }, { name: [FIELD_MESSAGES.tooLong(200)] }],
        [{ ...BMI, input: [1, 2] }, { input: [SAVED_MESSAGES.inputNotObject] }],
        [{ ...BMI, input: 'weight=70' }, { input: [SAVED_MESSAGES.inputNotObject] }],
        [{ ...BMI, input: null }, { input: [SAVED_MESSAGES.inputNotObject] }],
        [{ tool: BMI.tool, name: 'x' }, { input: [SAVED_MESSAGES.inputNotObject] }],
        [{ ...BMI, input: tooBig }, { input: [SAVED_MESSAGES.inputTooLarge] }],
        [{ ...BMI, result_text: 'r'.repeat(1001) }, { result_text: [FIELD_MESSAGES.tooLong(1000)] }],
        [[BMI], { non_field_errors: [SAVED_MESSAGES.notAnObject] }],
      ] as const) {
        const { status, body: answer } = await save(member.token, body);
        expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer, JSON.stringify(body).slice(0, 80)).toEqual(expected);
      }
      // Sent as JSON text: a lone surrogate (`\ud800`) is not text PostgreSQL can keep in a JSON
      // value; a number too large for a double is read as Infinity, which would be kept as null.
      for (const [raw, message] of [
        ['{"tool":"bmi-calculator","name":"x","input":{"v":"\\ud800"}}', SAVED_MESSAGES.inputNotText],
        ['{"tool":"bmi-calculator","name":"x","input":{"\\udc00":"v"}}', SAVED_MESSAGES.inputNotText],
        ['{"tool":"unit-converter","name":"k","input":{"a":1e400}}', SAVED_MESSAGES.inputNotFinite],
        [
          '{"tool":"unit-converter","name":"k","input":{"rows":[{"qty":-1e400}]}}',
          SAVED_MESSAGES.inputNotFinite,
        ],
      ]) {
        const { status, body } = await save(member.token, raw);
        expect(status, raw).toBe(400);
        expect(body).toEqual({ input: [message] });
      }
      const merged = await api.json('/api/me/merge/', {
        method: 'POST',
        headers: { ...authHeader(member.token), 'Content-Type': 'application/json' },
        body: '{"calculations":[{"tool":"unit-converter","name":"k","input":{"a":1e400}}]}',
      });
      expect(merged.status).toBe(400);
      expect(merged.body).toEqual({ 'calculations.0.input': [SAVED_MESSAGES.inputNotFinite] });
      // Nesting: as deep as 8 KB allows is stored; a body nested far deeper is refused, never a 500.
      for (const [depth, expected] of [
        [4000, 201],
        [200_000, 400],
      ] as const) {
        const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
        const raw = `{"tool":"bmi-calculator","name":"Deep ${depth}","input":{"a":${deep}}}`;
        const { status, body } = await save(member.token, raw);
        expect(status, `nested ${depth} deep`).toBe(expected);
        if (expected === 400) expect(body).toEqual({ input: [SAVED_MESSAGES.inputTooLarge] });
        else {
          // Merging the same is recognised as the same (the inputs compared as canonical JSON).
          const merged = await api.json<MergeReply>('/api/me/merge/', {
            method: 'POST',
            headers: { ...authHeader(member.token), 'Content-Type': 'application/json' },
            body: `{"calculations":[${raw}]}`,
          });
          expect(merged.body.calculations_added).toBe(0);
        }
      }
      const text = await api.request('/api/me/calculations/', {
        method: 'POST',
        headers: { ...authHeader(member.token), 'Content-Type': 'text/plain' },
        body: JSON.stringify(BMI),
      });
      expect(text.status).toBe(415);
    });
  });

  describe('ownership', () => {
    it('hides a calculation from another member and from an admin: 404, unchanged', async () => {
      const mine = await saved(member.token, { ...BMI, name: 'Private one' });
      for (const token of [other.token, adminToken]) {
        expect((await one(token, mine.id)).status).toBe(404);
        const changed = await change(token, mine.id, { name: 'Taken over' });
        expect(changed.status).toBe(404);
        expect(changed.body).toEqual({ error: 'Not found.' });
        expect((await remove(token, mine.id)).status).toBe(404);
        const theirs = await list(token, '?page_size=1000');
        expect(theirs.body.results.map((row) => row.id)).not.toContain(mine.id);
        expect((await list(token, '?search=Private')).body.count).toBe(0);
      }
      expect((await one(member.token, mine.id)).body.name).toBe('Private one');
    });

    it('answers 404 for an id that is not a whole number, or no calculation', async () => {
      for (const id of ['abc', '0', '99999999', '1.5', '2147483648']) {
        expect(
          (await api.json(`/api/me/calculations/${id}/`, { headers: authHeader(member.token) })).status,
        ).toBe(404);
        expect((await change(member.token, id, { name: 'x' })).status).toBe(404);
        expect((await remove(member.token, id)).status).toBe(404);
      }
    });
  });

  describe('changing and deleting', () => {
    it('renames (newest first again), changes the input, and refuses a bad change', async () => {
      const user = await createAccount(api);
      const first = await saved(user.token, { ...BMI, name: 'First' });
      const second = await saved(user.token, { ...BMI, name: 'Second' });
      expect((await list(user.token)).body.results.map((row) => row.name)).toEqual(['Second', 'First']);

      const renamed = await change(user.token, first.id, { name: '  Renamed ', tool: 'unit-converter' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: first.id, name: 'Renamed', tool: BMI.tool, input: BMI.input });
      expect(renamed.body.created_at).toBe(first.created_at);
      expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.updated_at));
      expect((await list(user.token)).body.results.map((row) => row.name)).toEqual(['Renamed', 'Second']);

      const moved = await change(user.token, second.id, { input: { weight: '80' }, result_text: 'BMI 26.1' });
      expect(moved.body).toMatchObject({ name: 'Second', input: { weight: '80' }, result_text: 'BMI 26.1' });

      for (const [body, expected] of [
        [{ name: '' }, { name: [FIELD_MESSAGES.required] }],
        [{ input: [] }, { input: [SAVED_MESSAGES.inputNotObject] }],
        [[], { non_field_errors: [SAVED_MESSAGES.notAnObject] }],
      ] as const) {
        const refused = await change(user.token, second.id, body);
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual(expected);
      }
      const unchanged = await change(user.token, second.id, {});
      expect(unchanged.status).toBe(200);
      expect(unchanged.body).toEqual(moved.body);
    });

    it('deletes: 204, then 404', async () => {
      const mine = await saved(member.token, { ...BMI, name: 'Short-lived' });
      const res = await remove(member.token, mine.id);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect((await one(member.token, mine.id)).status).toBe(404);
      expect((await remove(member.token, mine.id)).status).toBe(404);
    });
  });

  describe('the list', () => {
    let user: Account;
    beforeAll(async () => {
      user = await createAccount(api);
      // Oldest first, so "Loan 50% off" ends up newest.
      for (const draft of [
        { tool: 'bmi-calculator', name: 'BMI Monday', input: { weight: '70' }, result_text: 'BMI 22.9' },
        { tool: 'bmi-calculator', name: 'BMI Tuesday', input: { weight: '71' }, result_text: 'BMI 23.2' },
        { tool: 'unit-converter', name: 'Marathon', input: { value: '42.195' }, result_text: '26.2 miles' },
        { tool: 'unit-converter', name: 'snake_case length', input: { value: '1' }, result_text: '3.28 ft' },
        { tool: 'temperature-converter', name: 'Oven', input: { value: '180' }, result_text: '356 °F' },
        { tool: 'percentage-converter', name: 'Discount', input: { value: '50' }, result_text: '50% OFF' },
        { tool: 'percentage-converter', name: 'Loan 50% off', input: { value: '5' }, result_text: 'five' },
      ]) {
        await saved(user.token, draft);
      }
    });

    it('pages newest first, 5 a page unless asked', async () => {
      const first = await list(user.token);
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(7);
      expect(first.body.results.map((row) => row.name)).toEqual([
        'Loan 50% off',
        'Discount',
        'Oven',
        'snake_case length',
        'Marathon',
      ]);
      expect(first.body.previous).toBeNull();
      expect(first.body.next).toBe(`${api.url}/api/me/calculations/?page=2`);
      const third = await list(user.token, '?page_size=3&page=3');
      expect(third.body.results.map((row) => row.name)).toEqual(['BMI Monday']);
      expect(third.body.next).toBeNull();
      expect(third.body.previous).toBe(`${api.url}/api/me/calculations/?page_size=3&page=2`);
      const past = await list(user.token, '?page_size=3&page=4');
      expect(past.status).toBe(404);
      expect(past.body).toEqual({ error: 'Invalid page.' });
      const bad = await list(user.token, '?page=0');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ page: ['Page must be a whole number from 1.'] });
      // A page of many digits is a page past the end; a page given twice is asked for once.
      for (const far of ['2147483647', '9'.repeat(30)]) {
        const beyond = await list(user.token, `?page=${far}`);
        expect(beyond.status, far).toBe(404);
        expect(beyond.body, far).toEqual({ error: 'Invalid page.' });
      }
      const twice = await list(user.token, '?page=1&page=2');
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ page: ['Send one page number.'] });
    });

    it("filters one tool's, and searches names and result texts, % and _ taken literally", async () => {
      const names = async (query: string) =>
        (await list(user.token, query)).body.results.map((row) => row.name);
      expect(await names('?tool=bmi-calculator')).toEqual(['BMI Tuesday', 'BMI Monday']);
      expect(await names('?tool=gone-tool')).toEqual([]);
      expect(await names('?search=bmi')).toEqual(['BMI Tuesday', 'BMI Monday']);
      expect(await names('?search=MILES')).toEqual(['Marathon']);
      expect(await names('?search=n%2050%25')).toEqual(['Loan 50% off']);
      expect(await names('?search=50%25')).toEqual(['Loan 50% off', 'Discount']);
      expect(await names('?search=e_c')).toEqual(['snake_case length']);
      expect(await names('?search=_')).toEqual(['snake_case length']);
      expect(await names('?search=%20%20oven%20')).toEqual(['Oven']);
      expect(await names('?tool=percentage-converter&search=off')).toEqual(['Loan 50% off', 'Discount']);
      expect(await names('?tool=unit-converter&search=bmi')).toEqual([]);
      const twice = await list(user.token, '?tool=a&tool=b');
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ tool: ['Tool must be given once.'] });
    });

    it('is a private read with an ETag that changes with the list', async () => {
      const res = await api.request('/api/me/calculations/', { headers: authHeader(user.token) });
      const newest = ((await res.clone().json()) as PageBody<SavedCalculation>)
        .results[0] as SavedCalculation;
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const etag = res.headers.get('etag') as string;
      expect(etag).toBeTruthy();
      const same = await api.request('/api/me/calculations/', {
        headers: { ...authHeader(user.token), 'If-None-Match': etag },
      });
      expect(same.status).toBe(304);
      const extra = await saved(user.token, { ...BMI, name: 'Extra' });
      const changed = await api.request('/api/me/calculations/', {
        headers: { ...authHeader(user.token), 'If-None-Match': etag },
      });
      expect(changed.status).toBe(200);
      expect((await remove(user.token, extra.id)).status).toBe(204);
      const detail = await api.request(`/api/me/calculations/${newest.id}/`, {
        headers: authHeader(user.token),
      });
      expect(detail.status).toBe(200);
      expect(detail.headers.get('cache-control')).toBe('private, no-cache');
    });
  });

  describe('merging on sign-in', () => {
    it('adds what the account does not have, once, newest first, dropping tools that no longer exist', async () => {
      const user = await createAccount(api);
      await saved(user.token, BMI);
      const sameInOtherOrder = { ...BMI, input: { unit: 'metric', height: '175', weight: '70' } };
      const renamed = { ...BMI, name: 'My BMI, again' };
      const otherInput = { ...BMI, input: { ...BMI.input, weight: '72' } };
      const [newer, older] = drafts(2);
      const { status, body } = await merge(user.token, [
        newer,
        sameInOtherOrder,
        { ...BMI, tool: 'gone-tool' },
        renamed,
        otherInput,
        { ...renamed, result_text: 'another result text' },
        older,
      ]);
      expect(status).toBe(200);
      expect(body.calculations_added).toBe(4);
      expect(body.calculations_over_limit).toBe(0);
      const rows = (await list(user.token, '?page_size=100')).body.results;
      expect(rows.map((row) => row.name)).toEqual([
        newer?.name,
        renamed.name,
        BMI.name,
        older?.name,
        BMI.name,
      ]);
      expect(rows.map((row) => row.tool)).not.toContain('gone-tool');
      // Merging the same again adds nothing.
      const again = await merge(user.token, [newer, renamed, older, BMI]);
      expect(again.body.calculations_added).toBe(0);
      expect((await list(user.token)).body.count).toBe(5);
    });

    it('refuses a calculation that is not valid, naming where it is', async () => {
      const { status, body } = await merge(member.token, [BMI, { ...BMI, name: '' }, { ...BMI, input: 3 }]);
      expect(status).toBe(400);
      expect(body).toEqual({
        'calculations.1.name': [FIELD_MESSAGES.required],
        'calculations.2.input': [SAVED_MESSAGES.inputNotObject],
      });
      const tooMany = await merge(member.token, drafts(SAVED_CALCULATIONS_LIMIT + 1));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({ calculations: [SAVED_MESSAGES.tooManyToMerge] });
    });
  });

  describe(`the limit of ${SAVED_CALCULATIONS_LIMIT}`, () => {
    it('refuses the next save with 409 and a message, and takes one again after a delete', async () => {
      const user = await createAccount(api);
      await saved(user.token);
      const filled = await merge(user.token, drafts(SAVED_CALCULATIONS_LIMIT));
      expect(filled.body.calculations_added).toBe(SAVED_CALCULATIONS_LIMIT - 1);
      expect(filled.body.calculations_over_limit).toBe(1);
      const page = await list(user.token, '?page_size=1');
      expect(page.body.count).toBe(SAVED_CALCULATIONS_LIMIT);
      // The newest were kept: the last draft, the oldest, was not added.
      expect((await list(user.token, `?search=Length ${SAVED_CALCULATIONS_LIMIT - 1}`)).body.count).toBe(0);
      expect(page.body.results[0]?.name).toBe('Length 0');

      const refused = await save(user.token, { ...BMI, name: 'One too many' });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: SAVED_MESSAGES.limitReached });
      const merged = await merge(user.token, [{ ...BMI, name: 'Also too many' }, BMI]);
      expect(merged.body).toMatchObject({ calculations_added: 0, calculations_over_limit: 1 });

      const oldest = (await list(user.token, `?page_size=1&page=${SAVED_CALCULATIONS_LIMIT}`)).body
        .results[0];
      expect((await remove(user.token, oldest?.id as number)).status).toBe(204);
      expect((await save(user.token, { ...BMI, name: 'Room again' })).status).toBe(201);
      expect((await save(user.token, { ...BMI, name: 'Full again' })).status).toBe(409);
    });

    it('holds when saves arrive together', async () => {
      const user = await createAccount(api);
      const room = 5;
      await merge(user.token, drafts(SAVED_CALCULATIONS_LIMIT - room));
      const answers = await Promise.all(
        drafts(room * 4, 5000).map((draft) => save(user.token, draft).then((answer) => answer.status)),
      );
      expect(answers.filter((status) => status === 201)).toHaveLength(room);
      expect(answers.filter((status) => status === 409)).toHaveLength(room * 3);
      expect((await list(user.token)).body.count).toBe(SAVED_CALCULATIONS_LIMIT);
    });
  });

  it("goes with its user: a deleted account's calculations and lists are removed", async () => {
    const user = await createAccount(api);
    await saved(user.token);
    await api.json('/api/me/favourites/', {
      method: 'PUT',
      headers: authHeader(user.token),
      body: [BMI.tool],
    });
    const deleted = await api.request(`/api/profiles/${user.id}/`, {
      method: 'DELETE',
      headers: authHeader(adminToken),
    });
    expect(deleted.status).toBe(204);
    expect((await list(user.token)).status).toBe(401);
    if (api.databaseUrl) {
      // PGlite serves one process: only on PostgreSQL can the test look at the tables itself.
      const sql = postgres(api.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const [row] = await sql`select
          (select count(*) from saved_calculations where user_id = ${user.userId})::int as calculations,
          (select count(*) from user_tool_lists where user_id = ${user.userId})::int as lists`;
        expect(row).toEqual({ calculations: 0, lists: 0 });
      } finally {
        await sql.end({ timeout: 5 });
      }
    }
  });
});
