import { apiPath } from '@jalaj/contracts';
import { callRoute, type Me, useApiClient, useRoute } from '@jalaj/web-kit';
import { useMemo } from 'react';

/** `GET /api/me` (and `PATCH` to rename): the signed-in user's profile. */
export const ME_PATH = apiPath('me.get');

/**
 * The signed-in user's profile.
 *
 * @param enabled - Whether a user is signed in; nothing is fetched otherwise.
 */
export function useMe(enabled: boolean) {
  return useRoute('me.get', enabled ? {} : null);
}

/** Profile changes. */
export interface MeApi {
  /** `PATCH /api/me`: renames the user; resolves with the updated profile. */
  updateFullName(fullName: string): Promise<Me>;
}

/** The profile calls, bound to the app's API client. */
export function useMeApi(): MeApi {
  const client = useApiClient();
  return useMemo<MeApi>(() => ({ updateFullName: (fullName) => callRoute(client, 'me.update', { body: { fullName } }) }), [client]);
}
