import { definePages, LOGIN_REDIRECT } from '@toolbox/sdk';
import { LOGIN_PATH, LOGOUT_PATH, SIGN_UP_PATH } from './paths';

/**
 * Accounts (spec 2.3, 2.4, /logout): login, sign-up, a signed-in person's own details (/account),
 * logout, and the login card on Home for visitors. The login page is not in the sitemap: guards send
 * people there, search engines need not.
 */
export default definePages({
  id: 'account',
  routes: [
    {
      path: LOGIN_PATH,
      title: 'Login',
      layout: 'public',
      access: 'anyone',
      view: () => import('./login-view'),
      readsQuery: [LOGIN_REDIRECT],
      role: 'login',
      listed: false,
    },
    {
      path: SIGN_UP_PATH,
      title: 'Create an Account',
      layout: 'public',
      access: 'anyone',
      view: () => import('./sign-up-view'),
      readsQuery: [],
    },
    {
      path: '/account',
      title: 'My Account',
      layout: 'app',
      access: 'signed-in',
      view: () => import('./account-view'),
      nav: [{ place: 'sidebar', label: 'My Account', order: 80, access: 'signed-in' }],
    },
    {
      path: LOGOUT_PATH,
      title: 'Logging out',
      layout: 'app',
      access: 'anyone',
      view: () => import('./logout-view'),
      nav: [{ place: 'sidebar', label: 'Logout', order: 90 }],
    },
  ],
  slots: { 'home-aside': () => import('./login-aside') },
});
