import { ADMIN_USERS_MATCH_CAP } from '@jalaj/contracts';
import type { UserPageQuery } from '../../api/admin-users.js';

/** The page size of the Users tab: whole rows of the 3-, 2- and 1-column grids. */
export const USERS_PAGE_SIZE = 24;

/** The most characters the server takes in `q`. */
const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 100_000;

/**
 * The Users tab's URL parameters. They are its own (`users-q`, `users-page`), not the
 * Orders tab's `q` and `page`: a tab once opened stays mounted, and reads the URL too.
 */
export const USERS_PARAMS = Object.freeze({ q: 'users-q', page: 'users-page' });

/**
 * What the Users tab shows: the search by name or email and the page. It lives in the
 * page's URL (`?tab=users&users-q=asha&users-page=2`), so a reload or a shared link keeps it.
 */
export interface UsersQuery {
  readonly q: string;
  readonly page: number;
}

/** Every account, the first page. */
export const DEFAULT_USERS_QUERY: UsersQuery = Object.freeze({ q: '', page: 1 });

/**
 * Reads the Users tab's query from the page's URL; a malformed page (an old or hand-edited
 * link) is the first page, an over-long search is cut to what the server takes.
 *
 * @param params - The page's search parameters.
 */
export function readUsersQuery(params: URLSearchParams): UsersQuery {
  const page = Number(params.get(USERS_PARAMS.page));
  return {
    q: (params.get(USERS_PARAMS.q) ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The URL of the Users tab with `query`: only what differs from the defaults.
 *
 * @param query - The query.
 * @returns The search parameters, the tab included.
 */
export function usersSearchParams(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams({ tab: 'users' });
  if (query.q !== '') params.set(USERS_PARAMS.q, query.q);
  if (query.page > 1) params.set(USERS_PARAMS.page, String(query.page));
  return params;
}

/**
 * A changed query: a new search starts again at the first page.
 *
 * @param query - The current query.
 * @param change - What changes.
 */
export function changeUsersQuery(query: UsersQuery, change: Partial<UsersQuery>): UsersQuery {
  const next = { ...query, ...change };
  return next.q !== query.q && change.page === undefined ? { ...next, page: 1 } : next;
}

/** The query as the API's query strings; the first page's address stays short. */
export function usersApiQuery(query: UsersQuery): UserPageQuery {
  return { q: query.q || undefined, page: query.page === 1 ? undefined : String(query.page), pageSize: String(USERS_PAGE_SIZE) };
}

/**
 * What the search found, beside the total: "1 user matches", "12 users match", or "More
 * than 1,000 users match" when the server stopped counting at its cap.
 *
 * @param matches - The server's count, at most the cap.
 * @param moreMatches - Whether more accounts match than it counted.
 */
export function matchesText(matches: number, moreMatches: boolean): string {
  if (moreMatches) return `More than ${ADMIN_USERS_MATCH_CAP.toLocaleString('en-IN')} users match`;
  return matches === 1 ? '1 user matches' : `${matches.toLocaleString('en-IN')} users match`;
}
