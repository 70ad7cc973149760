import { ADMIN_FULFILMENT_FILTERS, ORDER_STATES, type AdminFulfilmentFilter, type OrderState } from '@jalaj/contracts';

/** The fulfilment filter: a step, `none` (a paid order nobody has started on) or `to-ship` (paid, waiting to ship). */
export type FulfilmentFilter = AdminFulfilmentFilter;

/** The page size of the Orders tab. */
export const ORDERS_PAGE_SIZE = 20;

/**
 * What the Orders tab shows: the search, the filters and the page. It lives in the page's
 * URL (`?q=…&state=paid&page=2`), so that a reload or a shared link keeps it.
 */
export interface OrdersQuery {
  /** Order number, transaction id, customer email or name. */
  readonly q: string;
  readonly state: OrderState | null;
  readonly fulfilment: FulfilmentFilter | null;
  /** Inclusive India days, `YYYY-MM-DD`. */
  readonly from: string | null;
  readonly to: string | null;
  /** Only the deleted (archived) orders. */
  readonly archived: boolean;
  /** Only this customer's orders (a user id: the Users tab's "View orders"). */
  readonly customer: string | null;
  /** Only the orders that need a decision (ADR 081). */
  readonly attention: boolean;
  /** `waiting`: only orders with a guarantee claim waiting for a decision (docs/adr/078). */
  readonly claim: 'waiting' | null;
  readonly page: number;
}

/** No search, no filter, the first page. */
export const DEFAULT_ORDERS_QUERY: OrdersQuery = Object.freeze({ q: '', state: null, fulfilment: null, from: null, to: null, archived: false, customer: null, attention: false, claim: null, page: 1 });

const FULFILMENT_FILTERS: readonly string[] = ADMIN_FULFILMENT_FILTERS;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A user id as the shop mints them (`usr_…`): at most 64 letters, digits, `_` or `-`. */
const USER_ID = /^[\w-]{1,64}$/;
/** The most characters the server takes in `q`. */
const MAX_SEARCH_LENGTH = 120;
const MAX_PAGE = 100_000;

const oneOf = <T extends string>(values: readonly string[], value: string | null): T | null => (value !== null && values.includes(value) ? (value as T) : null);
const day = (value: string | null): string | null => (value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);

/**
 * Reads the Orders tab's query from the page's URL. Anything unknown or malformed (an old
 * or hand-edited link) is dropped rather than sent, so a bad link shows all orders instead
 * of an error.
 *
 * @param params - The page's search parameters.
 * @returns The query, with defaults for what is missing.
 */
export function readOrdersQuery(params: URLSearchParams): OrdersQuery {
  const page = Number(params.get('page'));
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    state: oneOf<OrderState>(ORDER_STATES, params.get('state')),
    fulfilment: oneOf<FulfilmentFilter>(FULFILMENT_FILTERS, params.get('fulfilment')),
    from,
    to,
    archived: params.get('archived') === 'true',
    customer: USER_ID.test(params.get('customer') ?? '') ? params.get('customer') : null,
    attention: params.get('attention') === 'true',
    claim: params.get('claim') === 'waiting' ? 'waiting' : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The URL query of an Orders-tab query: only what differs from the defaults, so the
 * plain tab keeps the bare `/admin` address.
 *
 * @param query - The query.
 * @returns The search parameters to put in the URL.
 */
export function ordersSearchParams(query: OrdersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q !== '') params.set('q', query.q);
  if (query.state) params.set('state', query.state);
  if (query.fulfilment) params.set('fulfilment', query.fulfilment);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.archived) params.set('archived', 'true');
  if (query.customer) params.set('customer', query.customer);
  if (query.attention) params.set('attention', 'true');
  if (query.claim) params.set('claim', query.claim);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * The filters as the API's query strings (`admin.orders.list` and `admin.orders.export`);
 * unset ones are left out.
 *
 * @param query - The Orders tab's query.
 * @returns The filter values by name.
 */
export function filterQueryStrings(query: OrdersQuery) {
  return {
    q: query.q || undefined,
    state: query.state ?? undefined,
    fulfilment: query.fulfilment ?? undefined,
    from: query.from ?? undefined,
    to: query.to ?? undefined,
    archived: query.archived ? 'true' : undefined,
    customer: query.customer ?? undefined,
    attention: query.attention ? 'true' : undefined,
    claim: query.claim ?? undefined,
  };
}

/**
 * A changed query: a change of the search or of a filter starts again at the first page
 * (the old page number may not exist among the new results).
 *
 * @param query - The current query.
 * @param change - What changes.
 * @returns The new query.
 */
export function changeOrdersQuery(query: OrdersQuery, change: Partial<OrdersQuery>): OrdersQuery {
  const next = { ...query, ...change };
  return 'page' in change ? next : { ...next, page: 1 };
}

/** Whether any search or filter is set (the empty state then says nothing matched). */
export function isFiltered(query: OrdersQuery): boolean {
  return query.q !== '' || query.state !== null || query.fulfilment !== null || query.from !== null || query.to !== null || query.archived || query.customer !== null || query.attention || query.claim !== null;
}
