/** The stored session token. Sign-in (a later issue) writes it; the API client reads it on every request. */
const TOKEN_KEY = 'authToken';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
