/**
 * Called by the API client when an authenticated request is answered 401:
 * renews the access token and resolves `true` when the request is worth
 * sending once more, `false` when the session is gone.
 */
export type UnauthorizedHandler = () => Promise<boolean>;

// Module state like the access token itself: the default API client is created
// at import time, long before a session provider mounts and can renew tokens.
let handler: UnauthorizedHandler | null = null;

/**
 * Registers what the API client calls after a 401 to an authenticated request
 * (the session provider registers its refresh). Replaces any earlier handler.
 *
 * @param next - The handler, or `null` to stop renewing.
 */
export function setUnauthorizedHandler(next: UnauthorizedHandler | null): void {
  handler = next;
}

/**
 * The handler registered with {@link setUnauthorizedHandler}.
 *
 * @returns The handler, or `null` when none is registered.
 */
export function getUnauthorizedHandler(): UnauthorizedHandler | null {
  return handler;
}
