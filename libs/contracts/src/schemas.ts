import { z } from 'zod';

/** What a refused NUL character reads as, beside the field. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** What a refused unpaired surrogate (`"\ud800"` in JSON) reads as, beside the field. */
export const MALFORMED_TEXT_MESSAGE = 'Text must not contain invalid characters';

/**
 * A string as the shop accepts it from outside: never a NUL character (PostgreSQL text
 * cannot store one, so it would fail deep inside a service instead of as a 400), never an
 * unpaired UTF-16 surrogate (PostgreSQL refuses its `\ud800` escape in a JSON column: an
 * event, a snapshot), and at most `max` characters when given. Every accepted string —
 * BFF bodies, query values, path ids, request schemas of the contracts — is one of these.
 */
export function text(max?: number) {
  const s = z
    .string()
    .refine((v) => !v.includes('\u0000'), { message: NUL_MESSAGE })
    .refine((v) => v.isWellFormed(), { message: MALFORMED_TEXT_MESSAGE });
  return max === undefined ? s : s.max(max);
}

/**
 * The deepest nesting of arrays and objects a request body may have: no route's schema
 * comes near it, and a deeper body (a thousand `[`) is refused with a 400 before anything
 * walks it recursively.
 */
export const MAX_JSON_DEPTH = 32;

/** What a refused deep body reads as, beside the field. */
export const TOO_DEEP_MESSAGE = `Nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Whether a JSON-like value nests arrays and objects deeper than `max` levels (a scalar
 * is 0, `{}` and `[]` are 1). Iterative, so any depth is measured without a stack overflow.
 */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const inner of Object.values(v)) stack.push([inner, depth + 1]);
  }
  return false;
}

/** Whether any string in a JSON-like value (keys included) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** Health of one service as reported by its `rpc.<service>.ping` reply. */
export const pingReplySchema = z.object({
  service: z.string(),
  /** Process-unique id of the replica that answered (host name and pid). */
  instance: z.string(),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  /** Each backing dependency the service checked while answering, `up` or `down`. */
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
export type PingReply = z.infer<typeof pingReplySchema>;

/** A plant as the storefront lists it. Prices are integer paise. */
export const productSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  pricePaise: z.number().int().nonnegative(),
  /** Up to 4 image addresses, main image first; empty when the product has none. */
  imageUrls: z.array(z.string()).max(4),
  category: z.string(),
  stockQuantity: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  /** The last change: an edit, or a sale or release of its stock (the sitemap's `lastmod`). */
  updatedAt: z.iso.datetime(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

const attribute = text(40).nullable();

/** A product with every field of spec §3 (plant attributes are stored values, e.g. `easy`). */
export const productSchema = productSummarySchema.extend({
  plantDifficulty: attribute,
  co2Requirement: attribute,
  lightRequirement: attribute,
  carbonateHardnessKh: attribute,
  generalHardnessGh: attribute,
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product as the admin sees it: with its edit version, which a product edit raises by
 * one and a sale does not. The form sends it back with its save (optimistic, issue #38).
 */
export const adminProductSchema = productSchema.extend({
  version: z.number().int().positive().describe('Raised by one by every saved product edit; sales leave it as it is.'),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const emptyRequestSchema = z.object({}).strict();

/** The acting user, as the BFF passes it to services after checking the access token. */
export const actorSchema = z.object({ id: text(), role: z.enum(['admin', 'user']) });
export type Actor = z.infer<typeof actorSchema>;

/** The furthest page a paged list may be asked for. */
export const MAX_PAGE = 100_000;

/** `page` and `pageSize` of a paged list's query, as a service receives them (numbers). */
export function pageFields(maxPageSize: number, defaultPageSize: number) {
  return {
    page: z.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  };
}

/** The same fields as the BFF reads them from a query string (`?page=2`), turned into numbers. */
export function pageQueryFields(maxPageSize: number, defaultPageSize: number) {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  };
}

/** The page a paged list's answer holds, and its size. */
export const pageReplyFields = {
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
};
