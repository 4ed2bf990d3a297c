const RELOAD_KEY = 'toolbox:reloaded-for-chunk';

/**
 * A script of an older build that is gone from the server (a deployment happened while the page was
 * open): the page reloads once, at most once a minute, and gets the new build's scripts.
 */
export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
  });
}
