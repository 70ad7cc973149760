import { apiPath, type HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** `GET /api/admin/users`: every account, newest first. */
export const ADMIN_USERS_PATH = apiPath('admin.users.list');

/** `GET /api/admin/admins` (list), `POST` (add) and `DELETE …/:email` (remove). */
export const ADMIN_ADMINS_PATH = apiPath('admin.admins.list');

/** The reply of both admin listings. */
export type UserList = HttpResponse<'admin.users.list'>;

/** The reply of a successful role change. */
export type RoleChangeReply = HttpResponse<'admin.admins.add'>;

/** Every account, for the Users tab. */
export function useAdminUsers() {
  return useRoute('admin.users.list', {});
}

/** The accounts whose role is admin, for the Admins tab. */
export function useAdminAdmins() {
  return useRoute('admin.admins.list', {});
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
        return await callRoute(client, 'admin.admins.add', { body: { email } });
      } finally {
        void refreshLists();
      }
    },
    [client, refreshLists],
  );

  const removeAdmin = useCallback(
    async (email: string) => {
      try {
        return await callRoute(client, 'admin.admins.remove', { params: { email } });
      } finally {
        void refreshLists();
      }
    },
    [client, refreshLists],
  );

  return { addAdmin, removeAdmin };
}
