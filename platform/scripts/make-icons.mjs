// Draws the app's PNG icons (public/icons/) from its logo (public/favicon.svg) with the system
// Chromium, for the browser's tab, the web app manifest and iOS's home screen. Run it again when the
// logo changes (`node scripts/make-icons.mjs` in platform/) and commit the pictures; the build only
// copies them.
//
// - favicon-32.png: the tab's icon (decision 098: a PNG, which the page decodes at once, where an
//   SVG icon has the page build a document for it on every load).
// - icon-192.png, icon-512.png: the logo as it is (a rounded square), for launchers that show an
//   icon whole ("any").
// - maskable-512.png, apple-touch-icon.png (180 px): the logo's square without its rounded corners,
//   for launchers that cut the icon to their own shape (Android's "maskable", iOS). The logo's
//   marks lie within the middle 80 % circle that a mask always keeps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const fullBleed = logo.replace(/ rx="[^"]*"/, '');
if (fullBleed === logo) throw new Error('favicon.svg: no rounded square (rx) found to square off');

const icons = [
  { file: 'favicon-32.png', size: 32, svg: logo },
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>*{margin:0}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(publicDir, 'icons', file), omitBackground: true });
    console.log(`public/icons/${file}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
