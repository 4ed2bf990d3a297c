/**
 * The public layout on a phone and on a desktop (decision 121): on a phone the header and footer
 * scroll with the page and a press brings its answer into view; on a desktop the footer stays at
 * the bottom of the screen and never hides the focused control.
 */

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, result, useBrowserApp } from '../support/app';

const app = useBrowserApp();

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** Whether the element is wholly on screen, is what shows at its centre, and clears the footer. */
async function inPlainSight(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const footer = document.querySelector('footer')?.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      // Scrolled to a whole pixel: an edge may pass the screen's by a fraction of one.
      onScreen: box.top >= 0 && box.bottom <= window.innerHeight + 1,
      atCentre: atCentre !== null && element.contains(atCentre),
      clearOfFooter: footer === undefined || box.bottom <= footer.top || box.top >= footer.bottom,
    };
  });
}

const IN_PLAIN_SIGHT = { onScreen: true, atCentre: true, clearOfFooter: true };

const positions = (page: Page) =>
  page.evaluate(() =>
    ['header', 'footer'].map((tag) => getComputedStyle(document.querySelector(tag) as Element).position),
  );

describe('the public layout on a phone', () => {
  it('scrolls the header and footer with the page, and a press brings the BMI result into view', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto('/bmi-calculator');
    await appReady(page);
    expect(await positions(page)).toEqual(['static', 'static']);

    await page.getByLabel('Weight (kg)').fill('70');
    await page.getByLabel('Height (m)').fill('1.75');
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toMatch(/22\.9[\s\S]*Normal Weight/);
    await expect.poll(() => inPlainSight(result(page))).toEqual(IN_PLAIN_SIGHT);

    const copy = page.getByRole('button', { name: 'Copy result' });
    await copy.focus();
    expect(await inPlainSight(copy)).toEqual(IN_PLAIN_SIGHT);
  });

  it('brings an error into view after a press made with the Enter key', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto('/bmi-calculator');
    await appReady(page);
    await page.getByLabel('Weight (kg)').fill('0');
    await page.getByLabel('Height (m)').fill('1.75');
    await page.getByLabel('Height (m)').press('Enter');
    const error = page.getByTestId('tool-error');
    await expect.poll(() => error.innerText()).toBe('Please enter a valid weight.');
    await expect.poll(() => inPlainSight(error)).toEqual(IN_PLAIN_SIGHT);
  });

  it("leaves the page at its top for a shared link's result", async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto('/bmi-calculator?weight=70&height=1.75');
    await expect.poll(() => result(page).innerText()).toMatch(/22\.9/);
    // A frame after the result, when a scroll would have happened.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("shows each chosen currency's whole name, the fields one under the other with the swap between", async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto('/currency-converter?from=USD&to=UGX');
    const from = page.getByRole('combobox', { name: 'From' });
    const to = page.getByRole('combobox', { name: 'To' });
    await expect.poll(() => to.inputValue()).toBe('UGX - Uganda Shilling');
    // The text fits its field: nothing of it is scrolled out of sight.
    for (const field of [from, to]) {
      expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(
        true,
      );
    }
    const [fromBox, swapBox, toBox] = await Promise.all(
      [from, page.getByRole('button', { name: 'Swap currencies' }), to].map((control) =>
        control.boundingBox(),
      ),
    );
    expect((swapBox?.y ?? 0) >= (fromBox?.y ?? 0) + (fromBox?.height ?? 0)).toBe(true);
    expect((toBox?.y ?? 0) >= (swapBox?.y ?? 0) + (swapBox?.height ?? 0)).toBe(true);
  });

  it('ends a chosen label longer than its field with an ellipsis, and shows it whole while it is edited', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await page.goto('/timezone-converter?from=UTC&to=Europe%2FLondon');
    // The app renders a link's fields afresh: the field read is the app's.
    await appReady(page);
    const from = page.getByRole('combobox', { name: 'From time zone' });
    await expect.poll(() => from.inputValue()).toMatch(/Coordinated Universal Time$/);
    const shown = () =>
      from.evaluate((input: HTMLInputElement) => ({
        cut: input.scrollWidth > input.clientWidth,
        overflow: getComputedStyle(input).textOverflow,
      }));
    await expect.poll(shown).toEqual({ cut: true, overflow: 'ellipsis' });
    await from.focus();
    await expect.poll(async () => (await shown()).overflow).toBe('clip');
  });
});

/** Whether the page is no wider than the screen (nothing to scroll sideways). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("fields' text on a touch screen", () => {
  const fontSizes = (page: Page) =>
    page.evaluate(() =>
      ['Value', 'From'].map((label) => {
        const field = [...document.querySelectorAll('label')].find(
          (each) => each.textContent === label,
        )?.control;
        return field ? getComputedStyle(field).fontSize : 'no field';
      }),
    );

  it('is 16 px, so that Safari on an iPhone does not zoom into a field it focuses; 14 px with a mouse', async () => {
    const phone = await app.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto('/temperature-converter');
    expect(await fontSizes(phone)).toEqual(['16px', '16px']);
    const desktop = await app.newPage({ viewport: DESKTOP });
    await desktop.goto('/temperature-converter');
    expect(await fontSizes(desktop)).toEqual(['14px', '14px']);
  });
});

describe('a result with long words on a phone 412 px wide', () => {
  const NARROW = { width: 412, height: 900 };

  it('breaks a long ingredient name and keeps the result buttons in its card', async () => {
    const page = await app.newPage({ viewport: NARROW });
    await page.goto('/recipe-converter');
    await appReady(page);
    await page.getByLabel('Original servings').fill('2');
    await page.getByLabel('Desired servings').fill('4');
    await page
      .getByLabel('Ingredient 1 name')
      .fill('https://www.example.com/recipes/grandmas-secret-spice-mix');
    await page.getByLabel('Ingredient 1 quantity').fill('2');
    await page.getByLabel('Ingredient 1 unit').fill('tsp');
    await page.getByRole('button', { name: 'Convert Recipe' }).click();
    await expect.poll(() => result(page).innerText()).toContain('grandmas-secret-spice-mix');
    expect(await fitsWidth(page)).toBe(true);
    const card = await result(page).boundingBox();
    const copy = await page.getByRole('button', { name: 'Copy result' }).boundingBox();
    expect((copy?.x ?? 0) + (copy?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  });

  it('keeps a compound interest result of a huge principal, and its chart, within the screen', async () => {
    const page = await app.newPage({ viewport: NARROW });
    await page.goto(
      '/interest-calculator?type=compound-interest&principal=99999999999999999999&rate=50&time=99&frequency=monthly',
    );
    await expect.poll(() => result(page).innerText()).toContain('Interest earned');
    // The y axis's labels fit in the chart: none starts left of its drawing.
    const labels = page.locator('.recharts-yAxis-tick-labels text');
    await expect.poll(() => labels.count()).toBeGreaterThan(0);
    expect(await fitsWidth(page)).toBe(true);
    // The axis takes the width its labels measure, once drawn.
    const cut = () =>
      page.evaluate(() => {
        const chart = document.querySelector('.recharts-surface')?.getBoundingClientRect().left ?? 0;
        const texts = [...document.querySelectorAll('.recharts-yAxis-tick-labels text')];
        return texts
          .filter((text) => text.getBoundingClientRect().left < chart)
          .map((text) => text.textContent);
      });
    await expect.poll(cut).toEqual([]);
  });
});

describe('the public layout on a desktop', () => {
  it('keeps the header and the footer on screen, the footer at the bottom of a short page', async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto('/contact');
    await appReady(page);
    expect(await positions(page)).toEqual(['sticky', 'sticky']);
    const footer = await page.getByRole('contentinfo').boundingBox();
    expect(Math.round((footer?.y ?? 0) + (footer?.height ?? 0))).toBe(DESKTOP.height);

    // On a long page too, before it is scrolled.
    await page.goto('/');
    await appReady(page);
    const longPage = await page.evaluate(() => ({
      scrollable: document.documentElement.scrollHeight > window.innerHeight,
      footerBottom: document.querySelector('footer')?.getBoundingClientRect().bottom,
    }));
    expect(longPage).toEqual({ scrollable: true, footerBottom: DESKTOP.height });
  });

  it('puts the currency fields side by side, the swap button level with their inputs', async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto('/currency-converter');
    await appReady(page);
    const [fromBox, swapBox, toBox] = await Promise.all(
      [
        page.getByRole('combobox', { name: 'From' }),
        page.getByRole('button', { name: 'Swap currencies' }),
        page.getByRole('combobox', { name: 'To' }),
      ].map((control) => control.boundingBox()),
    );
    const bottoms = [fromBox, swapBox, toBox].map((box) => Math.round((box?.y ?? 0) + (box?.height ?? 0)));
    expect(new Set(bottoms).size).toBe(1);
    expect((fromBox?.x ?? 0) < (swapBox?.x ?? 0) && (swapBox?.x ?? 0) < (toBox?.x ?? 0)).toBe(true);
  });

  it('never leaves the control focused with Tab under the footer', async () => {
    const page = await app.newPage({ viewport: DESKTOP });
    await page.goto('/');
    await appReady(page);
    // Home's last control scrolled to just under the footer's top edge, and the one before it focused.
    await page.evaluate(() => {
      const controls = [
        ...document.querySelectorAll<HTMLElement>('main a[href], main button, main input'),
      ].filter((control) => control.tabIndex >= 0 && control.getBoundingClientRect().height > 0);
      const last = controls.at(-1);
      const footer = document.querySelector('footer');
      if (!last || !footer) throw new Error('no control, or no footer');
      last.dataset.last = '';
      window.scrollBy(0, last.getBoundingClientRect().top - footer.getBoundingClientRect().top - 10);
      controls.at(-2)?.focus({ preventScroll: true });
    });
    const last = page.locator('[data-last]');
    expect((await inPlainSight(last)).clearOfFooter).toBe(false);
    await page.keyboard.press('Tab');
    expect(await last.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await inPlainSight(last)).toEqual(IN_PLAIN_SIGHT);
  });
});
