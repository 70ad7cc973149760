import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@jalaj/contracts';
import type { ProductPageQuery } from '../../api/products.js';

/** The page size of the Products tab: whole rows of the 4-, 3-, 2- and 1-column grids. */
export const PRODUCTS_PAGE_SIZE = 24;

/** What the Products tab shows: the name search, the low-stock filter, the order and the page. */
export interface ProductsQuery {
  readonly q: string;
  readonly lowStock: boolean;
  readonly sort: AdminProductSort;
  readonly page: number;
}

/** Every product, newest first, the first page. */
export const DEFAULT_PRODUCTS_QUERY: ProductsQuery = Object.freeze({ q: '', lowStock: false, sort: 'newest', page: 1 });

/** The orders of the sort select, in the order shown. */
export const PRODUCT_SORT_OPTIONS: readonly { readonly value: AdminProductSort; readonly label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'stock-asc', label: 'Stock: low to high' },
  { value: 'stock-desc', label: 'Stock: high to low' },
];

/**
 * Applies a change to the query. A new search, filter or order starts again at page 1;
 * only a page change keeps the rest.
 */
export function changeProductsQuery(query: ProductsQuery, change: Partial<ProductsQuery>): ProductsQuery {
  const next = { ...query, ...change };
  const narrowed = next.q !== query.q || next.lowStock !== query.lowStock || next.sort !== query.sort;
  return narrowed && change.page === undefined ? { ...next, page: 1 } : next;
}

/** Whether a search or the low-stock filter narrows the list (the order does not). */
export const isProductsFiltered = (query: ProductsQuery): boolean => query.q !== '' || query.lowStock;

/** The query as the API's query strings; defaults are left out, so the first page's address stays short. */
export function productsApiQuery(query: ProductsQuery): ProductPageQuery {
  return {
    q: query.q || undefined,
    lowStock: query.lowStock ? 'true' : undefined,
    sort: query.sort === 'newest' ? undefined : query.sort,
    page: query.page === 1 ? undefined : String(query.page),
    pageSize: String(PRODUCTS_PAGE_SIZE),
  };
}

/** The dashboard's `tab` value of the Products tab. */
export const PRODUCTS_TAB = 'products';
/** The most characters the server takes in `q`. */
const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 100_000;

/**
 * Reads the Products tab's query from the page's URL (`?tab=products&lowStock=true&sort=stock-asc`),
 * so that a reload, a shared link or the dashboard's Low on stock figure opens the list as
 * it was. Anything unknown or malformed is dropped (the plain list shows instead of an error).
 *
 * @param params - The page's search parameters.
 */
export function readProductsQuery(params: URLSearchParams): ProductsQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    lowStock: params.get('lowStock') === 'true',
    sort: ADMIN_PRODUCT_SORTS.includes(sort as AdminProductSort) ? (sort as AdminProductSort) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The dashboard URL's query of a Products-tab query: the tab, then only what differs from
 * the defaults (the API's names, without the page size).
 *
 * @param query - The query.
 */
export function productsSearchParams(query: ProductsQuery): URLSearchParams {
  const params = new URLSearchParams({ tab: PRODUCTS_TAB });
  for (const [name, value] of Object.entries(productsApiQuery(query))) if (name !== 'pageSize' && value !== undefined) params.set(name, value);
  return params;
}

/** How a product's stock stands against the low-stock threshold: its badge. */
export type StockLevel = 'out' | 'low' | 'ok';

/**
 * @param stock - The product's stock.
 * @param threshold - The shop's low-stock threshold (stock at or under it is low).
 */
export function stockLevel(stock: number, threshold: number): StockLevel {
  if (stock <= 0) return 'out';
  return stock <= threshold ? 'low' : 'ok';
}
