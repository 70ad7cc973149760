// Kept in module memory only: a token in localStorage would be readable by any
// injected script and would outlive the tab, while the HttpOnly refresh cookie
// can always mint a new one after a reload.
let accessToken: string | null = null;

/**
 * Sets the access token that every API request sends as `Authorization: Bearer …`.
 *
 * @param token - The short-lived access token, or `null` to stop sending one (sign-out).
 */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/**
 * The access token currently held in memory.
 *
 * @returns The token, or `null` when signed out or not yet refreshed.
 */
export function getAccessToken(): string | null {
  return accessToken;
}
