/** The account pages' paths: the manifest declares them, the views and the login target list use them. */
export const LOGIN_PATH = '/login';
export const SIGN_UP_PATH = '/sign-up';
export const LOGOUT_PATH = '/logout';
