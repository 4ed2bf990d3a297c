// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SCRIPTS, nextTask, PRELOADS_PER_TASK, preloadAppScripts } from './app-files';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('preloadAppScripts', () => {
  it("asks for the page's scripts in its order, a few per task, and for each once", async () => {
    const files = Array.from(
      { length: PRELOADS_PER_TASK * 2 + 1 },
      (_, index) => `/assets/chunk-${index}.js`,
    );
    document.body.innerHTML = `<script type="application/json" ${APP_SCRIPTS}>${JSON.stringify(files)}</script>`;

    const done = preloadAppScripts();
    expect(preloads()).toEqual(files.slice(0, PRELOADS_PER_TASK));
    await nextTask();
    expect(preloads()).toEqual(files.slice(0, PRELOADS_PER_TASK * 2));
    await done;
    expect(preloads()).toEqual(files);
    for (const link of document.head.querySelectorAll('link')) expect(link.crossOrigin).toBe('');

    // The list is read once: the app starting again asks for nothing more.
    await preloadAppScripts();
    expect(preloads()).toEqual(files);
  });

  it('asks for nothing on a page that lists no scripts, or lists them wrongly', async () => {
    await preloadAppScripts();
    document.body.innerHTML = `<script type="application/json" ${APP_SCRIPTS}>{"not": "a list"</script>`;
    await preloadAppScripts();
    expect(preloads()).toEqual([]);
  });
});
