import type { BrowserContext, Page } from 'playwright-core';

/** The most entries a failed test prints: its last moments are where it stuck. */
const SHOWN = 80;
/** A service worker's request this slow is told too. */
const SLOW_MS = 250;

/**
 * What the browser did during one test (navigations, requests and how long each took, console
 * errors, page errors), with times from the test's start. Printed only when the test fails, so a
 * test that timed out says whether it waited on the server, the network or the page.
 */
export class Timeline {
  private readonly start = performance.now();
  private readonly entries: string[] = [];

  private note(text: string) {
    this.entries.push(`${String(Math.round(performance.now() - this.start)).padStart(6)} ms  ${text}`);
  }

  watch(context: BrowserContext): void {
    const sent = new Map<object, number>();
    context.on('request', (request) => {
      sent.set(request, performance.now());
      // The service worker's precache is a hundred files: only its slow or failed ones are told.
      if (!request.serviceWorker()) this.note(`→ ${request.method()} ${shortUrl(request.url())}`);
    });
    context.on('requestfinished', (request) => {
      const took = Math.round(performance.now() - (sent.get(request) ?? this.start));
      const by = request.serviceWorker() ? 'service worker: ' : '';
      if (!by || took >= SLOW_MS)
        this.note(`← ${by}${request.method()} ${shortUrl(request.url())} (${took} ms)`);
    });
    context.on('requestfailed', (request) => {
      this.note(
        `✗ ${request.method()} ${shortUrl(request.url())}: ${request.failure()?.errorText ?? 'failed'}`,
      );
    });
    context.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        this.note(`console.${message.type()}: ${message.text().slice(0, 300)}`);
      }
    });
    context.on('weberror', (error) => this.note(`page error: ${error.error().message.slice(0, 300)}`));
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
  }

  private watchPage(page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.note(`navigated to ${shortUrl(frame.url())}`);
    });
    page.on('load', () => this.note('load'));
    page.on('close', () => this.note('page closed'));
    page.on('worker', (worker) => {
      const name = shortUrl(worker.url());
      this.note(`worker started: ${name}`);
      worker.on('close', () => this.note(`worker closed: ${name}`));
    });
  }

  /**
   * Notes what each open page shows as the test fails: whether the app holds it, where the focus is,
   * its buttons' states and its tool outcome (a press that was never answered, or a button that
   * stayed busy, reads differently here).
   */
  async notePages(pages: readonly Page[]): Promise<void> {
    for (const page of pages) {
      if (page.isClosed()) continue;
      // A page whose main thread is stuck answers nothing: it is said so, rather than awaited.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stuck = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('no answer from the page in 2 s (its main thread is busy)'), 2_000);
      });
      const state = await Promise.race([
        page
          .evaluate(pageState)
          .catch((error: unknown) => `could not be read (${error instanceof Error ? error.message : error})`),
        stuck,
      ]);
      clearTimeout(timer);
      this.note(`page ${shortUrl(page.url())} at the failure: ${state}`);
    }
  }

  /** The last entries, with the time of the failure: for the failed test's report. */
  report(): string {
    this.note('test failed');
    const skipped = this.entries.length - SHOWN;
    const shown =
      skipped > 0 ? [`… ${skipped} earlier entries`, ...this.entries.slice(skipped)] : this.entries;
    return `Browser timeline of the failed test:\n${shown.join('\n')}`;
  }
}

/** Runs in the page: a line saying what it shows (see `notePages`). */
function pageState(): string {
  const describe = (element: Element | null) => {
    if (!element) return 'none';
    const label =
      element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent?.trim();
    const value = element instanceof HTMLInputElement ? ` value=${JSON.stringify(element.value)}` : '';
    return `${element.tagName.toLowerCase()}${label ? `[${label}]` : ''}${element.id ? `#${element.id}` : ''}${value}`;
  };
  const buttons = [...document.querySelectorAll('main button[type="submit"]')].map(
    (button) =>
      `"${button.textContent?.trim()}"${(button as HTMLButtonElement).disabled ? ' disabled' : ''}${button.hasAttribute('data-loading') ? ' loading' : ''}`,
  );
  const outcome = document.querySelector('[data-testid="tool-result"], [data-testid="tool-error"]');
  return [
    `ready=${document.documentElement.hasAttribute('data-ready')}`,
    `readyState=${document.readyState}`,
    `service worker=${navigator.serviceWorker?.controller?.state ?? 'none'}`,
    `focus=${describe(document.activeElement)}`,
    `submit buttons=[${buttons.join(', ')}]`,
    `outcome=${outcome ? JSON.stringify(outcome.textContent?.slice(0, 120)) : 'none'}`,
  ].join(', ');
}

/** The path and query of a same-origin URL, a data: URL's kind: what a reader needs. */
function shortUrl(url: string): string {
  if (url.startsWith('data:')) return `${url.slice(0, 30)}…`;
  try {
    const { host, pathname, search } = new URL(url);
    return `${host.startsWith('127.0.0.1') || host.startsWith('localhost') ? '' : host}${pathname}${search}`.slice(
      0,
      200,
    );
  } catch {
    return url.slice(0, 200);
  }
}
