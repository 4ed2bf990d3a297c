import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

/** The system Chromium, headless, with the flags this machine needs (no background networking). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export interface BrowserSession {
  browser: Browser;
  /** A fresh context (own storage, own service worker) for each test that needs isolation. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Launches Chromium; Playwright gives every launch a fresh, temporary profile directory. */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: FLAGS });
  return {
    browser,
    newContext: (options) => browser.newContext({ viewport: { width: 1280, height: 900 }, ...options }),
    close: () => browser.close(),
  };
}
