import { apiPath, type HttpResponse } from '@jalaj/contracts';
import { routeUrl, useRoute } from '@jalaj/web-kit';

/** `GET /api/products`: every product on sale, oldest first. */
export const PRODUCTS_PATH = apiPath('products.list');

/** The reply of {@link PRODUCTS_PATH}. */
export type ProductList = HttpResponse<'products.list'>;

/**
 * The storefront filters, as they appear in the landing page's query string
 * (`?q=&category=&difficulty=&light=&co2=`) and in the API's. An empty string
 * means "any".
 */
export interface ProductFilters {
  /** Part of the name, matched case-insensitively. */
  readonly q: string;
  /** A category value, e.g. `foreground`. */
  readonly category: string;
  /** A stored plant difficulty, e.g. `easy`. */
  readonly difficulty: string;
  /** A stored light requirement, e.g. `low`. */
  readonly light: string;
  /** A stored CO2 requirement, e.g. `yes`. */
  readonly co2: string;
}

/** The query-string keys of {@link ProductFilters}, in the order they are written. */
export const PRODUCT_FILTER_KEYS = ['q', 'category', 'difficulty', 'light', 'co2'] as const satisfies readonly (keyof ProductFilters)[];

/** No filter set: the plain list. */
export const NO_PRODUCT_FILTERS: ProductFilters = Object.freeze({ q: '', category: '', difficulty: '', light: '', co2: '' });

/** Reads the filters from a query string; unknown keys are ignored. */
export function readProductFilters(params: URLSearchParams): ProductFilters {
  const read = (key: keyof ProductFilters) => params.get(key)?.trim() ?? '';
  return { q: read('q'), category: read('category'), difficulty: read('difficulty'), light: read('light'), co2: read('co2') };
}

/** Whether any filter is set. */
export function hasProductFilters(filters: ProductFilters): boolean {
  return PRODUCT_FILTER_KEYS.some((key) => filters[key] !== '');
}

/**
 * The list address for some filters. Unset filters are left out, so the plain
 * list keeps the bare {@link PRODUCTS_PATH} and shares its cache entry (in SWR
 * and in the BFF) with every visitor who does not filter.
 */
export function productsPath(filters: ProductFilters): string {
  return routeUrl('products.list', { query: Object.fromEntries(PRODUCT_FILTER_KEYS.map((key) => [key, filters[key]])) });
}

/**
 * The products of the Featured Plants grid, filtered. While a new filter
 * loads, the previous result stays on screen instead of a skeleton.
 */
export function useProducts(filters: ProductFilters = NO_PRODUCT_FILTERS) {
  return useRoute('products.list', { query: Object.fromEntries(PRODUCT_FILTER_KEYS.map((key) => [key, filters[key]])) }, { keepPreviousData: true });
}

/** `GET /api/products/:id`: one product; 404 'Product not found'. */
export function productPath(id: string): string {
  return apiPath('products.get', { id });
}

/** One product for its detail page; `error.status` is 404 for an unknown id. */
export function useProduct(id: string | undefined) {
  return useRoute('products.get', id ? { params: { id } } : null);
}
