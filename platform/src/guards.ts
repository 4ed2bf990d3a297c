import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { loginPath } from '@toolbox/plugins/registry';
import { type Access, canAccess, LOGIN_REDIRECT } from '@toolbox/sdk';
import type { Session } from '@toolbox/sdk/react';

export interface RouterContext {
  /** Always the current session: its `user` and `token` read the store at the time of the call. */
  session: Session;
}

/** Thrown by a guard when a signed-in user lacks the page's role; the route shows the no-access page. */
export class AccessDeniedError extends Error {
  constructor() {
    super('You do not have access to this page.');
    this.name = 'AccessDeniedError';
  }
}

/**
 * React's `onCaughtError` for the app's root. A refused role reaches the route's error boundary by
 * design and is shown as the no-access page, so it is not logged; any other error an error
 * boundary caught is logged as React logs it by default.
 */
export function onCaughtError(error: unknown): void {
  if (error instanceof AccessDeniedError) return;
  console.error(error);
}

/**
 * A route's `beforeLoad` for `access`: a visitor goes to the login page (the page route a plugin
 * declares with role `login`), which brings them back
 * here afterwards; a signed-in user without the role gets the no-access page. The router
 * re-runs it whenever the session changes (main.tsx invalidates the router).
 */
export function guard(access: Access) {
  return ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
    const user = context.session.user;
    if (canAccess(access, user)) return;
    if (!user) throw redirect({ to: loginPath, search: { [LOGIN_REDIRECT]: location.href }, replace: true });
    throw new AccessDeniedError();
  };
}
