/**
 * The first visit's weight budgets, held in CI (`npm run bench` reports the same figures): Home's
 * JavaScript as transferred, what each tool page adds to it until its first result (the fuel page's
 * until its map is drawn too), how many scripts a tool page opened from a shared link asks for
 * before a result shows, and how many scripts and how much JavaScript the page plugins' public
 * pages ask for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/app';
import {
  addedTo,
  FIRST_PAGE_BUDGET_BYTES,
  FORM_LINKS,
  FUEL_LINK,
  firstResultShown,
  heading,
  kb,
  MORE_TOOL_LINKS,
  PAGE_BUDGET_BYTES,
  PAGE_LINKS,
  PAGE_SCRIPTS_BUDGET,
  routeMap,
  SCRIPTS_BEFORE_RESULT_BUDGET,
  sum,
  TOOL_LINK,
  TOOL_PAGE_BUDGET_BYTES,
  toolResult,
  type Visit,
  visit,
} from '../support/page-weight';

const app = useBrowserApp();
/** Each added file and its size, for a failure's message. */
const listed = (files: [string, number][]) =>
  files.map(([url, size]) => `${new URL(url).pathname} ${kb(size)}`).join(', ');

describe('what a first visit transfers', () => {
  let home: Visit;
  beforeAll(async () => {
    home = await visit(app.newContext, `${app.url}/`);
  });

  it('Home: at most 110 KB of JavaScript, every file sent with brotli', () => {
    expect([...home.encodings]).toEqual(['br']);
    const bytes = sum(home.scripts.values());
    expect(bytes, `${kb(bytes)}: ${listed([...home.scripts])}`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
  });

  const withResult = [TOOL_LINK, ...MORE_TOOL_LINKS];
  it.each([
    // The fuel page is measured once its map (the API's drawing) is on screen too.
    ...withResult.map((link) => [link, link === FUEL_LINK ? routeMap : toolResult] as const),
    ...FORM_LINKS.map((link) => [link, heading] as const),
  ])('%s adds at most 15 KB of JavaScript', async (link, ready) => {
    const page = await visit(app.newContext, `${app.url}${link}`, ready);
    const added = addedTo(home, page.scripts);
    const bytes = sum(added.map(([, size]) => size));
    expect([...page.encodings]).toEqual(['br']);
    expect(bytes, `${kb(bytes)}: ${listed(added)}`).toBeLessThanOrEqual(TOOL_PAGE_BUDGET_BYTES);
  });

  it.each(withResult)(
    `%s asks for at most ${SCRIPTS_BEFORE_RESULT_BUDGET} scripts before a result shows`,
    async (link) => {
      const page = await visit(app.newContext, `${app.url}${link}`, toolResult, firstResultShown);
      expect(page.scriptsBeforeShown, listed([...page.scripts])).toBeLessThanOrEqual(
        SCRIPTS_BEFORE_RESULT_BUDGET,
      );
    },
  );

  it.each(PAGE_LINKS)(`%s asks for at most ${PAGE_SCRIPTS_BUDGET} scripts, 145 KB in all`, async (link) => {
    const page = await visit(app.newContext, `${app.url}${link}`, heading);
    expect([...page.encodings]).toEqual(['br']);
    expect(page.scripts.size, listed([...page.scripts])).toBeLessThanOrEqual(PAGE_SCRIPTS_BUDGET);
    const bytes = sum(page.scripts.values());
    expect(bytes, `${kb(bytes)}: ${listed([...page.scripts])}`).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
  });
});
