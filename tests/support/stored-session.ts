import { TOKEN_KEY, USER_KEY } from '@toolbox/platform/src/session-keys';
import type { Page } from 'playwright-core';

/**
 * Stores a session in `page` as the login page stores it, before the page's scripts run (again at
 * each navigation of the page): the page opens signed in. Without `user`, only the token is stored.
 */
export async function storeSession(
  page: Page,
  { token, user }: { token: string; user?: unknown },
): Promise<void> {
  await page.addInitScript(
    ([keys, stored, storedUser]) => {
      localStorage.setItem(keys.token, stored);
      if (storedUser !== null) localStorage.setItem(keys.user, storedUser);
    },
    [{ token: TOKEN_KEY, user: USER_KEY }, token, user === undefined ? null : JSON.stringify(user)] as const,
  );
}
