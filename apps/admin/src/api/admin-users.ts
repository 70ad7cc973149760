import { apiPath, type HttpQuery, type HttpResponse } from '@jalaj/contracts';
import { callRoute, useApiClient, useRoute } from '@jalaj/web-kit';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** `GET /api/admin/users`: one page of accounts, newest first; `…/:id` one account. */
export const ADMIN_USERS_PATH = apiPath('admin.users.list');

/** `GET /api/admin/admins` (list), `POST` (add) and `DELETE …/:email` (remove). */
export const ADMIN_ADMINS_PATH = apiPath('admin.admins.list');

/** One page of the Users tab, with the shop's total and the search's matches. */
export type UserPage = HttpResponse<'admin.users.list'>;

/** One account with its addresses and order figures (the Users tab's drawer). */
export type UserDetail = HttpResponse<'admin.users.get'>;

/** The Users tab's query as query strings (`q`, `page`, `pageSize`). */
export type UserPageQuery = Partial<Record<keyof NonNullable<HttpQuery<'admin.users.list'>>, string>>;

/** Every cached page of the Users tab, and every cached account. */
const isUsersKey = (key: unknown) => typeof key === 'string' && (key === ADMIN_USERS_PATH || key.startsWith(`${ADMIN_USERS_PATH}?`) || key.startsWith(`${ADMIN_USERS_PATH}/`));

/** The reply of a successful role change. */
export type RoleChangeReply = HttpResponse<'admin.admins.add'>;

/**
 * One page of accounts, searched and paged by the server. The previous page stays on screen
 * while the next one loads (`isLoading` then says the page shown is not the one asked for).
 */
export function useAdminUsers(query: UserPageQuery) {
  return useRoute('admin.users.list', { query }, { keepPreviousData: true });
}

/** One account for the drawer; `null` fetches nothing. */
export function useAdminUser(id: string | null) {
  return useRoute('admin.users.get', id === null ? null : { params: { id } });
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
    () => Promise.all([mutate(ADMIN_ADMINS_PATH), mutate(isUsersKey)]).then(() => undefined),
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
