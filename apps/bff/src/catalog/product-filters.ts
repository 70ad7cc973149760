import { DEFAULT_PRODUCT_CATEGORY, NOT_SPECIFIED, PLANT_ATTRIBUTE_OPTIONS, PRODUCT_CATEGORIES, type SelectOption } from '@jalaj/commerce';
import { AppErrorException, HTTP_SCHEMAS, type FieldError, type ProductFilter } from '@jalaj/contracts';
import { parseBody } from '../auth/body.js';

const values = (options: readonly SelectOption[]) => options.map((o) => o.value).filter((v) => v !== NOT_SPECIFIED);

/**
 * The values each storefront filter may take: the landing page's selects (commerce's
 * option lists; "Not specified" is not something to shop by). Products saved without a
 * category are listed under the default one, so it is a category too.
 */
export const PRODUCT_FILTER_VALUES = {
  category: [...PRODUCT_CATEGORIES.map((c) => c.value), DEFAULT_PRODUCT_CATEGORY],
  difficulty: values(PLANT_ATTRIBUTE_OPTIONS.plantDifficulty),
  light: values(PLANT_ATTRIBUTE_OPTIONS.lightRequirement),
  co2: values(PLANT_ATTRIBUTE_OPTIONS.co2Requirement),
} as const satisfies Record<string, readonly string[]>;

/** The query keys `GET /api/products` understands. */
export const PRODUCT_FILTER_KEYS = ['q', 'category', 'difficulty', 'light', 'co2'] as const;

/**
 * Reads the product list's query string. An empty value means "any"; an unknown key
 * (`sort`, `minPrice`…) or a value no select offers is a 400 naming what is allowed,
 * so a typo is not silently answered with the whole catalogue.
 */
export function readProductFilters(query: Record<string, unknown>): Omit<ProductFilter, 'order'> {
  // The landing page's own request: nothing to read (most of the catalogue's traffic).
  if (isEmpty(query)) return {};
  const errors: FieldError[] = [];
  for (const key of Object.keys(query)) {
    if (!(PRODUCT_FILTER_KEYS as readonly string[]).includes(key)) {
      errors.push({ field: key, message: `Unknown filter '${key}'. Filters: ${PRODUCT_FILTER_KEYS.join(', ')}.` });
    }
  }
  const set = Object.fromEntries(PRODUCT_FILTER_KEYS.flatMap((k) => (query[k] === undefined || query[k] === '' ? [] : [[k, query[k]]])));
  // Types and lengths (one value per key, no NUL) first: the contract's schema.
  const filter = parseBody(HTTP_SCHEMAS['products.list'].query, set);
  for (const [key, allowed] of Object.entries(PRODUCT_FILTER_VALUES) as [keyof typeof PRODUCT_FILTER_VALUES, readonly string[]][]) {
    const value = filter[key];
    if (value !== undefined && !allowed.includes(value)) errors.push({ field: key, message: `Unknown ${key} '${value}'. Choose one of: ${allowed.join(', ')}.` });
  }
  if (errors.length) throw new AppErrorException({ code: 'VALIDATION_FAILED', message: errors.map((e) => e.message).join(' '), fieldErrors: errors });
  return filter;
}

function isEmpty(query: Record<string, unknown>): boolean {
  for (const _ in query) return false;
  return true;
}
