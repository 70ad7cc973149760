import type { Me } from '@jalaj/web-kit';
import { useApi, useApiClient } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** `GET /api/admin/users`: every account, newest first. */
export const ADMIN_USERS_PATH = '/api/admin/users';

/** `GET /api/admin/admins` (list), `POST` (add) and `DELETE …/:email` (remove). */
export const ADMIN_ADMINS_PATH = '/api/admin/admins';

/** The reply of both admin listings. */
export interface UserList {
  readonly items: readonly Me[];
}

/** The reply of a successful role change. */
export interface RoleChangeReply {
  readonly message: string;
}

/** Every account, for the Users tab. */
export function useAdminUsers() {
  return useApi<UserList>(ADMIN_USERS_PATH);
}

/** The accounts whose role is admin, for the Admins tab. */
export function useAdminAdmins() {
  return useApi<UserList>(ADMIN_ADMINS_PATH);
}

/**
 * The two role changes of the Admins tab. Each rejects with the API's error;
 * after either outcome both user lists are fetched again, since a role change
 * shows in the Users tab's badges as well as in the admin list.
 */
export function useRoleChanges() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();

  const refreshLists = useCallback(
    () => Promise.all([mutate(ADMIN_ADMINS_PATH), mutate(ADMIN_USERS_PATH)]).then(() => undefined),
    [mutate],
  );

  const addAdmin = useCallback(
    async (email: string) => {
      try {
        return await client.post<RoleChangeReply>(ADMIN_ADMINS_PATH, { email });
      } finally {
        void refreshLists();
      }
    },
    [client, refreshLists],
  );

  const removeAdmin = useCallback(
    async (email: string) => {
      try {
        return await client.del<RoleChangeReply>(`${ADMIN_ADMINS_PATH}/${encodeURIComponent(email)}`);
      } finally {
        void refreshLists();
      }
    },
    [client, refreshLists],
  );

  return { addAdmin, removeAdmin };
}
