/**
 * The Meme Generator in Chromium: the keyword search, a meme drawn from an offline image, the
 * person's own PNG as the background, the download, and a shared link re-creating a meme.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/app';

const app = useBrowserApp();

/** A 2×1 PNG: a red pixel and a blue one. */
const TWO_PIXELS = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWP4z8DAwPAfAAcAAf/89wURAAAAAElFTkSuQmCC',
  'base64',
);

const canvas = (page: Page) => page.getByTestId('meme-canvas');

/** The canvas's size and the colour of the pixel at (x, y). */
const pixel = (page: Page, x: number, y: number) =>
  canvas(page).evaluate(
    (element, [px, py]) => {
      const c = element as HTMLCanvasElement;
      const data = c.getContext('2d')?.getImageData(px as number, py as number, 1, 1).data;
      return { width: c.width, height: c.height, rgb: data ? [data[0], data[1], data[2]] : [] };
    },
    [x, y],
  );

/** How many pixels of a row band are (near) white: the caption's fill. */
const whiteIn = (page: Page, top: number, bottom: number) =>
  canvas(page).evaluate(
    (element, [from, to]) => {
      const c = element as HTMLCanvasElement;
      const data = c
        .getContext('2d')
        ?.getImageData(0, from as number, c.width, (to as number) - (from as number)).data;
      let count = 0;
      for (let i = 0; data && i < data.length; i += 4) {
        if ((data[i] ?? 0) > 240 && (data[i + 1] ?? 0) > 240 && (data[i + 2] ?? 0) > 240) count++;
      }
      return count;
    },
    [top, bottom],
  );

describe('the Meme Generator in Chromium', () => {
  it('asks for a keyword when there is none', async () => {
    const page = await app.newPage();
    await page.goto('/meme-converter');
    await page.getByRole('button', { name: 'Find Image' }).click();
    await expect
      .poll(() => page.getByTestId('meme-search-error').innerText())
      .toBe('Please enter a keyword like "cat" or "dog"');
    await page.getByLabel('Keyword').fill('zzzzqqq');
    await page.getByRole('button', { name: 'Find Image' }).click();
    await expect
      .poll(() => page.getByTestId('meme-search-error').innerText())
      .toBe('No images found for this keyword. Try another.');
  });

  it('"cat" finds an image, and Generate Meme draws a 600×400 meme with the texts, kept in the link', async () => {
    const page = await app.newPage();
    await page.goto('/meme-converter');
    await page.getByLabel('Keyword').fill('cat');
    await page.getByRole('button', { name: 'Find Image' }).click();
    const first = page.getByRole('button', { name: 'Use image: cat', exact: true });
    await first.waitFor();
    expect(await page.getByRole('button', { name: /^Use image: / }).count()).toBe(10);
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    await canvas(page).waitFor();
    await expect.poll(() => page.getByTestId('meme-credit').innerText()).toContain('Noto Emoji by Google');

    // Nothing written yet: no white caption at the top.
    await expect.poll(async () => (await pixel(page, 300, 200)).rgb).not.toEqual([0, 0, 0]);
    expect(await whiteIn(page, 10, 60)).toBe(0);

    await page.getByLabel('Top Text').fill('when the code');
    await page.getByLabel('Bottom Text').fill('finally compiles');
    // The preview follows the typing, before Generate Meme.
    await expect.poll(() => whiteIn(page, 10, 60)).toBeGreaterThan(100);
    await expect.poll(() => whiteIn(page, 340, 390)).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Generate Meme' }).click();
    await page.getByRole('button', { name: 'Download' }).waitFor();
    const { width, height } = await pixel(page, 0, 0);
    expect([width, height]).toEqual([600, 400]);
    expect(await canvas(page).getAttribute('aria-label')).toBe(
      'Meme preview: when the code / finally compiles',
    );
    await expect.poll(() => new URL(page.url()).searchParams.get('image')).toBe('cat');
    expect(new URL(page.url()).searchParams.get('topText')).toBe('when the code');

    // Download gives meme.png, a 600×400 PNG.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meme.png');
    const path = await download.path();
    const png = await readFile(path);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([600, 400]);

    // The link re-creates the meme in a fresh page.
    const link = page.url();
    const again = await app.newPage();
    await again.goto(link);
    await canvas(again).waitFor();
    await expect.poll(() => whiteIn(again, 10, 60)).toBeGreaterThan(100);
    await again.getByRole('button', { name: 'Download' }).waitFor();
    expect(await again.getByLabel('Bottom Text').inputValue()).toBe('finally compiles');
  });

  it('uses an uploaded PNG as the background, which never leaves the browser', async () => {
    const page = await app.newPage();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') uploads.push(request.url());
    });
    await page.goto('/meme-converter');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'mine.png',
      mimeType: 'image/png',
      buffer: TWO_PIXELS,
    });
    await canvas(page).waitFor();
    await expect.poll(() => page.getByTestId('meme-credit').innerText()).toContain('mine.png');
    // Fitted inside 600×400: the 2×1 image fills the width, red on the left, blue on the right.
    await expect.poll(async () => (await pixel(page, 100, 200)).rgb).toEqual([255, 0, 0]);
    expect((await pixel(page, 500, 200)).rgb).toEqual([0, 0, 255]);
    await page.getByLabel('Top Text').fill('mine');
    await page.getByRole('button', { name: 'Generate Meme' }).click();
    await page.getByRole('button', { name: 'Download' }).waitFor();
    await expect.poll(() => whiteIn(page, 10, 60)).toBeGreaterThan(50);
    expect(new URL(page.url()).searchParams.get('image')).toBe('');
    expect(uploads).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations with a meme on screen (%s)',
    async (colorScheme) => {
      const context = await app.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/meme-converter?q=dog&image=dog-face&topText=such%20axe&fontSize=40');
      await canvas(page).waitFor();
      await page.getByRole('button', { name: 'Download' }).waitFor();
      await page.getByLabel('Keyword').fill('dog');
      await page.getByRole('button', { name: 'Find Image' }).click();
      await page.getByRole('button', { name: 'Use image: dog', exact: true }).waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      await context.close();
    },
  );

  it('refuses a file that is not an image', async () => {
    const page = await app.newPage();
    await page.goto('/meme-converter');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toBe('Please choose a PNG, JPEG, WebP or GIF image.');
  });
});
