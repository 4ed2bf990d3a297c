/**
 * Where the session lives in localStorage (spec section 3/4): `authToken`, the token, and `authUser`,
 * the user as JSON. Apart from session.ts so that the entry can tell a visitor who is signed in
 * without loading the session's code (pattern-reads.ts).
 */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'authUser';
