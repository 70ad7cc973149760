import { z } from 'zod';
import { resultSchema } from './errors.js';
import { actorSchema, adminProductSchema, pageFields, pageReplyFields, productSchema, text, type AdminProduct, type Product } from './schemas.js';
import type { EventDefinition, RpcDefinition } from './subjects.js';

const attribute = text(40).nullable();
/** The largest value of a PostgreSQL `integer` column (stock, quantities). */
export const MAX_INT4 = 2_147_483_647;
/** Numbers sent as JSON numbers are bounded before commerce checks them against the columns. */
const MAX_NUMBER = 1e12;

/**
 * The admin product form as sent. Price is rupees (decimal, step 0.01) and stock a whole
 * number, validated by commerce `validateProductForm`; `imageUrl` is the optional pasted
 * address (a single URL, or legacy JSON-array text) merged with `imageUrls`.
 */
export const productInputSchema = z.object({
  name: text(120),
  description: text(4000).default(''),
  // Bounds that fit the columns (numeric(10,2) rupees, integer stock) are commerce's rules.
  price: z.union([text(20), z.number().min(-MAX_NUMBER).max(MAX_NUMBER)]),
  stockQuantity: z.union([text(12), z.number().min(-MAX_NUMBER).max(MAX_NUMBER)]),
  category: text(40).optional(),
  imageUrls: z.array(text(1000)).max(8).default([]),
  plantDifficulty: attribute.optional(),
  co2Requirement: attribute.optional(),
  lightRequirement: attribute.optional(),
  carbonateHardnessKh: attribute.optional(),
  generalHardnessGh: attribute.optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * The admin product form as saved over a product it loaded (issue #38): every field of
 * {@link productInputSchema}, the `version` the form loaded (a save over a newer one is
 * refused with PRODUCT_CHANGED and the fresh product) and the stock it loaded. The typed
 * `stockQuantity` is applied as a change from `loadedStockQuantity` to the stock as it is
 * at the save, so sales made meanwhile are kept (below 0: PRODUCT_STOCK_BELOW_ZERO).
 */
export const productUpdateInputSchema = productInputSchema.extend({
  version: z.number().int().positive().max(MAX_INT4).describe('The `version` of the product as the form loaded it.'),
  loadedStockQuantity: z.number().int().min(0).max(MAX_INT4).describe('The `stockQuantity` the form loaded; the saved stock is the current stock + (`stockQuantity` − this).'),
});
export type ProductUpdateInput = z.input<typeof productUpdateInputSchema>;

/** Storefront filters (all optional; combined with AND). */
export const productFilterSchema = z
  .object({
    q: text().trim().max(100).optional(),
    category: text(40).optional(),
    difficulty: text(40).optional(),
    light: text(40).optional(),
    co2: text(40).optional(),
    /** `oldest` (storefront, spec §7) or `newest` (admin). */
    order: z.enum(['oldest', 'newest']).default('oldest'),
  })
  .strict();
export type ProductFilter = z.input<typeof productFilterSchema>;

/** How the Products tab orders its grid: newest first (the default) or by stock. */
export const ADMIN_PRODUCT_SORTS = ['newest', 'stock-asc', 'stock-desc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** The most products one page of the Products tab holds. */
export const ADMIN_PRODUCTS_MAX_PAGE_SIZE = 100;

/**
 * One page of the Products tab: a case-insensitive search in the name, only the products
 * at or under the low-stock threshold (0 included), an order, and the page.
 */
export const adminProductQuerySchema = z
  .object({
    q: text().trim().max(100).optional(),
    /** `true`: only products whose stock is at or under the catalog's `LOW_STOCK_THRESHOLD`. */
    lowStock: z.boolean().optional(),
    sort: z.enum(ADMIN_PRODUCT_SORTS).default('newest'),
    ...pageFields(ADMIN_PRODUCTS_MAX_PAGE_SIZE, 24),
  })
  .strict();
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

/** One page of products, how many match in all, and the threshold a card's low-stock badge follows. */
export const adminProductPageSchema = z.object({
  items: z.array(adminProductSchema),
  total: z.number().int().nonnegative(),
  ...pageReplyFields,
  /** Stock at or under this is low (catalog's `LOW_STOCK_THRESHOLD`). */
  lowStockThreshold: z.number().int().nonnegative(),
  /** By product id, how many shoppers wait for a back-in-stock mail (issue #41); products none wait for are left out. */
  alertsWaiting: z.record(z.string(), z.number().int().positive()),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** The products a shopper waits for a back-in-stock mail for, newest request first. */
export const stockAlertListSchema = z.object({ productIds: z.array(z.string()) });
export type StockAlertList = z.infer<typeof stockAlertListSchema>;

/** The most shoppers one back-in-stock event names; more waiting make more events. */
export const BACK_IN_STOCK_MAX_USERS = 500;

/**
 * What changed a plant's stock:
 * - `opening`: the stock a plant had when its history began (the migration that started
 *   it, or the demo catalogue's seed);
 * - `created`: the stock an admin gave a new product;
 * - `edit`: an admin's save of the product form (the stock typed, applied as a change);
 * - `adjustment`: an admin's adjustment with a reason (plants received, lost, counted);
 * - `sale`: an order's checkout took the plants (its reservation);
 * - `release`: an order's hold given back because it was not paid (failed, replaced);
 * - `expiry`: an order's hold given back because its time ran out.
 */
export const STOCK_CHANGE_CAUSES = ['opening', 'created', 'edit', 'adjustment', 'sale', 'release', 'expiry'] as const;
export type StockChangeCause = (typeof STOCK_CHANGE_CAUSES)[number];

/** The longest reason an adjustment may carry. */
export const STOCK_ADJUSTMENT_REASON_MAX = 200;

/** The largest change one adjustment may make, either way. */
export const STOCK_ADJUSTMENT_MAX = 100_000;

/**
 * One recorded change of a product's stock (issue #42, ADR 080), newest first in its
 * history. Catalog writes it in the statement that changes the stock, so the stock is
 * always the sum of its product's changes.
 */
export const stockChangeSchema = z.object({
  /** Increasing with each change the shop records (the history's order). */
  id: z.string(),
  at: z.iso.datetime(),
  cause: z.enum(STOCK_CHANGE_CAUSES),
  /** Plants added (positive) or taken (negative); never 0. */
  change: z.number().int(),
  stockAfter: z.number().int().nonnegative(),
  /** The order whose checkout took or gave back the plants (sale, release, expiry). */
  orderNumber: z.string().nullable(),
  /** The admin who made it (created, edit, adjustment): identity's user id. */
  actorId: z.string().nullable(),
  /** An adjustment's reason. */
  note: z.string().nullable(),
});
export type StockChange = z.infer<typeof stockChangeSchema>;

/** The most changes one page of a stock history holds. */
export const STOCK_HISTORY_MAX_PAGE_SIZE = 50;

/** A page of a product's stock history, newest first. */
export const stockHistoryQuerySchema = z.object({ ...pageFields(STOCK_HISTORY_MAX_PAGE_SIZE, 10) }).strict();
export type StockHistoryQuery = z.infer<typeof stockHistoryQuerySchema>;

/** One page of a product's stock history, newest first, with the product's stock now and how many changes it has. */
export const stockHistoryPageSchema = z.object({
  productId: z.string(),
  stockQuantity: z.number().int().nonnegative(),
  items: z.array(stockChangeSchema),
  total: z.number().int().nonnegative(),
  ...pageReplyFields,
});
export type StockHistoryPage = z.infer<typeof stockHistoryPageSchema>;

/** An admin's adjustment of a product's stock: plants added (+) or taken (−), and why. */
export const stockAdjustmentSchema = z
  .object({
    change: z
      .number()
      .int()
      .min(-STOCK_ADJUSTMENT_MAX)
      .max(STOCK_ADJUSTMENT_MAX)
      .refine((n) => n !== 0, 'An adjustment changes the stock')
      .describe('Plants added (positive) or taken away (negative), not 0.'),
    reason: text(STOCK_ADJUSTMENT_REASON_MAX).trim().min(1).describe('Why the stock changed; shown in the history.'),
  })
  .strict();
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

const lineSchema = z.object({ productId: text(64), quantity: z.number().int().positive().max(MAX_INT4) });

const productFixture: Product = {
  id: 'prd_01JD0000000000000000000000',
  name: 'Anubias nana',
  description: 'Hardy, slow-growing epiphyte for rocks and driftwood.',
  pricePaise: 24900,
  imageUrls: ['/media/products/upl_01JD/large.webp'],
  category: 'midground',
  stockQuantity: 40,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-23T08:30:00.000Z',
  plantDifficulty: 'easy',
  co2Requirement: 'no',
  lightRequirement: 'low',
  carbonateHardnessKh: null,
  generalHardnessGh: null,
};
const adminProductFixture: AdminProduct = { ...productFixture, version: 1 };
const admin = { id: 'usr_01JD0000000000000000000001', role: 'admin' as const };
const shopper = { id: 'usr_01JD0000000000000000000002', role: 'user' as const };
const inputFixture: ProductInput = { name: 'Anubias nana', description: 'Hardy.', price: '249.00', stockQuantity: 40, category: 'midground', imageUrls: [] };
const updateFixture: ProductUpdateInput = { ...inputFixture, version: 1, loadedStockQuantity: 40 };
const ok = <T>(data: T) => ({ ok: true as const, data });
const stockChangeFixture: StockChange = { id: '41', at: '2026-11-23T08:30:00.000Z', cause: 'sale', change: -2, stockAfter: 40, orderNumber: '1A2B3C4D', actorId: null, note: null };

/** Catalog's request/reply subjects. Asked by: the BFF (products), cart and order (stock). */
export const catalogSubjects = {
  /** The storefront's plant list (oldest first) or the admin's (newest first), filtered. */
  'rpc.catalog.products.list': {
    request: productFilterSchema,
    reply: resultSchema(z.object({ items: z.array(productSchema) })),
    fixtures: { request: {}, reply: ok({ items: [productFixture] }) },
  },
  /**
   * One page of the Products tab (admins only: ADMIN_REQUIRED): searched by name, the
   * low-stock ones only, newest first or by stock. Asked by: the BFF.
   */
  'rpc.catalog.products.admin-page': {
    request: z.object({ actor: actorSchema, query: adminProductQuerySchema }).strict(),
    reply: resultSchema(adminProductPageSchema),
    fixtures: {
      request: { actor: admin, query: { q: 'anubias', lowStock: true, sort: 'stock-asc', page: 1, pageSize: 24 } },
      reply: ok({ items: [adminProductFixture], total: 1, page: 1, pageSize: 24, lowStockThreshold: 5, alertsWaiting: { [adminProductFixture.id]: 3 } }),
    },
  },
  /** One product; NOT_FOUND 'Product not found'. */
  'rpc.catalog.products.get': {
    request: z.object({ id: text(64) }).strict(),
    reply: resultSchema(productSchema),
    fixtures: { request: { id: productFixture.id }, reply: ok(productFixture) },
  },
  /** Several products by id (missing ids are left out). Asked by: cart, order. */
  'rpc.catalog.products.get-many': {
    request: z.object({ ids: z.array(text(64)).max(200) }).strict(),
    reply: resultSchema(z.object({ items: z.array(productSchema) })),
    fixtures: { request: { ids: [productFixture.id] }, reply: ok({ items: [productFixture] }) },
  },
  /** Creates a product (admins only). Emits `evt.catalog.product.created.v1`. */
  'rpc.catalog.products.create': {
    request: z.object({ actor: actorSchema, product: productInputSchema }).strict(),
    reply: resultSchema(adminProductSchema),
    fixtures: { request: { actor: admin, product: inputFixture }, reply: ok(adminProductFixture) },
  },
  /**
   * Replaces a product's fields (admins only), optimistically: PRODUCT_CHANGED with the
   * fresh product when `version` is not the product's; the stock typed is applied as a
   * change from the stock loaded (PRODUCT_STOCK_BELOW_ZERO when that goes below 0).
   * Emits `evt.catalog.product.updated.v1`.
   */
  'rpc.catalog.products.update': {
    request: z.object({ actor: actorSchema, id: text(64), product: productUpdateInputSchema }).strict(),
    reply: resultSchema(adminProductSchema),
    fixtures: { request: { actor: admin, id: productFixture.id, product: updateFixture }, reply: ok({ ...adminProductFixture, version: 2 }) },
  },
  /** Deletes a product (admins only). Emits `evt.catalog.product.deleted.v1`. */
  'rpc.catalog.products.delete': {
    request: z.object({ actor: actorSchema, id: text(64).min(1) }).strict(),
    reply: resultSchema(z.object({ id: z.string() })),
    fixtures: { request: { actor: admin, id: productFixture.id }, reply: ok({ id: productFixture.id }) },
  },
  /**
   * Holds stock for a checkout until `expiresAt`: all lines or none, never below zero.
   * Idempotent by `reservationId`. OUT_OF_STOCK / INSUFFICIENT_STOCK name the product. With
   * `maxSharePercent` (an unpaid checkout's hold, ADR 073), a line may take only that share
   * of its product's stock (`holdableUnits`), else HOLD_LIMIT; without, a paid order's
   * (a late payment's) takes what there is.
   */
  'rpc.catalog.stock.reserve': {
    request: z
      .object({
        reservationId: text(64).min(1),
        /** The order the plants are held for (its number, spec §9): the stock history's sale and release name it. */
        orderNumber: text(32).min(1),
        lines: z.array(lineSchema).min(1).max(100),
        ttlSeconds: z.number().int().min(30).max(86400),
        maxSharePercent: z.number().int().min(1).max(100).optional(),
      })
      .strict(),
    reply: resultSchema(z.object({ reservationId: z.string(), expiresAt: z.iso.datetime() })),
    fixtures: {
      request: { reservationId: 'res_1', orderNumber: '1A2B3C4D', lines: [{ productId: productFixture.id, quantity: 2 }], ttlSeconds: 900, maxSharePercent: 50 },
      reply: ok({ reservationId: 'res_1', expiresAt: '2026-11-22T10:15:00.000Z' }),
    },
  },
  /** Makes a reservation's stock sold (after payment). Idempotent. */
  'rpc.catalog.stock.commit': {
    request: z.object({ reservationId: text(64).min(1) }).strict(),
    reply: resultSchema(z.object({ reservationId: z.string(), status: z.enum(['committed', 'released']) })),
    fixtures: { request: { reservationId: 'res_1' }, reply: ok({ reservationId: 'res_1', status: 'committed' as const }) },
  },
  /** Gives a reservation's stock back (payment failed or expired). Idempotent. */
  'rpc.catalog.stock.release': {
    request: z.object({ reservationId: text(64).min(1) }).strict(),
    reply: resultSchema(z.object({ reservationId: z.string(), status: z.enum(['committed', 'released']) })),
    fixtures: { request: { reservationId: 'res_1' }, reply: ok({ reservationId: 'res_1', status: 'released' as const }) },
  },
  /**
   * One page of a product's stock history, newest first (admins only: ADMIN_REQUIRED;
   * PRODUCT_NOT_FOUND). Asked by: the BFF, which adds the admins' names.
   */
  'rpc.catalog.stock.history': {
    request: z.object({ actor: actorSchema, productId: text(64).min(1), query: stockHistoryQuerySchema }).strict(),
    reply: resultSchema(stockHistoryPageSchema),
    fixtures: {
      request: { actor: admin, productId: productFixture.id, query: { page: 1, pageSize: 10 } },
      reply: ok({ productId: productFixture.id, stockQuantity: 40, items: [stockChangeFixture], total: 1, page: 1, pageSize: 10 }),
    },
  },
  /**
   * Adds or takes plants from a product's stock with a reason (admins only), recorded in
   * its history with the admin. PRODUCT_STOCK_BELOW_ZERO when it would leave less than 0;
   * PRODUCT_NOT_FOUND. Emits `evt.catalog.product.updated.v1`. Answers the product as it is.
   */
  'rpc.catalog.stock.adjust': {
    request: z.object({ actor: actorSchema, productId: text(64).min(1), adjustment: stockAdjustmentSchema }).strict(),
    reply: resultSchema(adminProductSchema),
    fixtures: { request: { actor: admin, productId: productFixture.id, adjustment: { change: -2, reason: 'Lost in transit' } }, reply: ok({ ...adminProductFixture, stockQuantity: 38 }) },
  },
  /** The products the shopper waits for a back-in-stock mail for, newest first (issue #41). Asked by: the BFF. */
  'rpc.catalog.stock-alerts.list': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(stockAlertListSchema),
    fixtures: { request: { actor: shopper }, reply: ok({ productIds: [productFixture.id] }) },
  },
  /**
   * The shopper asks to be mailed when an out-of-stock product is back (issue #41); asking
   * again changes nothing. PRODUCT_NOT_FOUND; PRODUCT_IN_STOCK while it can be bought.
   */
  'rpc.catalog.stock-alerts.create': {
    request: z.object({ actor: actorSchema, productId: text(64).min(1) }).strict(),
    reply: resultSchema(stockAlertListSchema),
    fixtures: { request: { actor: shopper, productId: productFixture.id }, reply: ok({ productIds: [productFixture.id] }) },
  },
  /** The shopper no longer wants the mail; a request they had not made changes nothing. */
  'rpc.catalog.stock-alerts.delete': {
    request: z.object({ actor: actorSchema, productId: text(64).min(1) }).strict(),
    reply: resultSchema(stockAlertListSchema),
    fixtures: { request: { actor: shopper, productId: productFixture.id }, reply: ok({ productIds: [] }) },
  },
} as const satisfies Record<`rpc.catalog.${string}`, RpcDefinition>;

/** Catalog's events. */
export const catalogEvents = {
  /** A product was created. Emitted by: catalog. Consumed by: BFF (cache), media (images in use). */
  'evt.catalog.product.created.v1': {
    data: z.object({ product: productSchema }),
    fixture: { product: productFixture },
  },
  /** A product changed. `removedImageUrls`: images it no longer uses and no other product uses either (media deletes them). */
  'evt.catalog.product.updated.v1': {
    data: z.object({ product: productSchema, removedImageUrls: z.array(z.string()) }),
    fixture: { product: productFixture, removedImageUrls: [] },
  },
  /**
   * A product was deleted. Emitted by: catalog, after the delete commits.
   * Consumed by: media, which removes the product's stored images; BFF (cache).
   * `imageKeys`: object keys of its images in the photos bucket that no other product uses.
   */
  'evt.catalog.product.deleted.v1': {
    data: z.object({ productId: z.string(), imageKeys: z.array(z.string()) }),
    fixture: { productId: productFixture.id, imageKeys: ['products/upl_01JD/large.webp'] },
  },
  /**
   * Stock changed outside a product edit: a checkout reserved it, or a reservation was
   * released (payment failed or the hold expired). Emitted by: catalog, in the
   * transaction of the change. Consumed by: BFF (cache), so a sale shows at once.
   * `products`: each product touched, with its stock after the change.
   */
  'evt.catalog.product.stock-changed.v1': {
    data: z.object({
      reservationId: z.string(),
      reason: z.enum(['reserved', 'released']),
      products: z.array(z.object({ productId: z.string(), stockQuantity: z.number().int().nonnegative() })),
    }),
    fixture: { reservationId: 'res_1', reason: 'reserved' as const, products: [{ productId: productFixture.id, stockQuantity: 39 }] },
  },
  /**
   * A product's stock went from 0 to more (an admin's edit, a released hold, or any other
   * restock), and these shoppers were waiting for it (issue #41): their requests are used
   * up in the same transaction. Emitted by: catalog, through its outbox. Consumed by:
   * identity, which mails each of them once. `userIds`: at most {@link BACK_IN_STOCK_MAX_USERS}.
   */
  'evt.catalog.product.back-in-stock.v1': {
    data: z.object({
      productId: z.string(),
      productName: z.string(),
      stockQuantity: z.number().int().positive(),
      userIds: z.array(z.string()).min(1).max(BACK_IN_STOCK_MAX_USERS),
    }),
    fixture: { productId: productFixture.id, productName: productFixture.name, stockQuantity: 6, userIds: [shopper.id] },
  },
} as const satisfies Record<`evt.catalog.${string}`, EventDefinition>;
