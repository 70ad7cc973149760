import { useApi } from '@jalaj/web-kit';

/** `GET /api/me`: the signed-in user's profile; 401 when nobody is signed in. */
export const ME_PATH = '/api/me';

/**
 * The part of the `GET /api/me` reply the admin reads. Only the role matters
 * here, and it is read as `unknown` on purpose: anything but exactly `'admin'`
 * must deny access, whatever the server sends.
 */
export interface MeReply {
  readonly role?: unknown;
}

/** The signed-in user's profile, for the admin access check. */
export function useMe() {
  return useApi<MeReply>(ME_PATH);
}
