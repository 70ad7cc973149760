import { z } from 'zod';
import { adminProductSchema } from './schemas.js';

// Makers, not schemas: nothing here is built until a code's schema is first read.
const productId = () => z.string().min(1);
const count = () => z.number().int().min(0);
const none = () => z.object({});

/**
 * An object of zod schemas, each built the first time it is read and kept from then on.
 * Importing the module builds none: a browser page that meets no failure never pays for
 * the 80-odd schemas below (about half a second of a budget phone's CPU, issue #40). Keys,
 * `Object.keys`, `Object.hasOwn` and the types are those of a plain object of schemas.
 *
 * @param makers - A function per key that builds its schema.
 * @returns The schemas by key, frozen.
 */
export function lazySchemas<const T extends Record<string, () => z.ZodObject>>(makers: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const schemas = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(makers) as (keyof T & string)[]) {
    let built: ReturnType<T[typeof key]> | undefined;
    Object.defineProperty(schemas, key, { enumerable: true, get: () => (built ??= makers[key]!() as ReturnType<T[typeof key]>) });
  }
  return Object.freeze(schemas);
}

/**
 * The one list of error codes used across the shop, each with the zod schema of the data
 * its failure carries. Services return them in typed failure results (expected business
 * outcomes) or throw them (unexpected failures) with the facts a caller needs, never
 * screen text; the one catalogue of texts (`ERROR_TEXTS` in `@jalaj/commerce`) turns a
 * code and its data into the spec's words (ADR 013).
 */
export const ERROR_DATA = lazySchemas({
  // Generic codes: any failure of their kind that has no specific code.
  VALIDATION_FAILED: none,
  INVALID_TOKEN: none,
  NOT_FOUND: none,
  UNAUTHENTICATED: none,
  FORBIDDEN: none,
  CONFLICT: none,
  RATE_LIMITED: none,
  UNAVAILABLE: none,
  INTERNAL: none,
  /** A command's outcome is not known: its service did not answer in time (it may or may not have done the work). */
  OUTCOME_UNKNOWN: none,
  /** An `Idempotency-Key` was used again for a different request. */
  IDEMPOTENCY_CONFLICT: none,
  PAYLOAD_TOO_LARGE: none,
  UNSUPPORTED_MEDIA_TYPE: none,
  URI_TOO_LONG: none,
  /** A state-changing request sent by another site's page (the BFF's cross-site guard). */
  CROSS_SITE_REQUEST: none,
  /** The request's headers are over the server's limit (431). */
  HEADERS_TOO_LARGE: none,
  /** The request was not received in time (408). */
  REQUEST_TIMEOUT: none,
  // Stock and cart.
  /** The product has no stock left; `productName` when the refusal names the product (checkout's reservation). */
  OUT_OF_STOCK: () => z.object({ productId: productId(), productName: z.string().optional() }),
  /** More than the stock was asked for; `inCart` is what the cart already holds (0 when none). */
  INSUFFICIENT_STOCK: () => z.object({ productId: productId(), available: count(), inCart: count(), productName: z.string().optional() }),
  /** A quantity that is not a whole number of at least 1. */
  INVALID_QUANTITY: none,
  CART_LINE_NOT_FOUND: none,
  /** An add lost a race twice in a row (another tab changed the same line). */
  CART_ADD_FAILED: none,
  // Identity.
  SESSION_ENDED: none,
  INVALID_CREDENTIALS: none,
  EMAIL_NOT_CONFIRMED: none,
  EMAIL_TAKEN: none,
  CONFIRM_LINK_INVALID: none,
  RESET_LINK_INVALID: none,
  OTP_INVALID: none,
  PHONE_INVALID: none,
  PROFILE_NOT_FOUND: () => z.object({ action: z.enum(['load', 'update']) }),
  // Admin.
  ADMIN_REQUIRED: none,
  USER_NOT_FOUND: none,
  /** No account has this id (the Users tab's detail). */
  ACCOUNT_NOT_FOUND: none,
  ALREADY_ADMIN: none,
  NOT_ADMIN: none,
  LAST_ADMIN: none,
  // Addresses.
  ADDRESS_NOT_FOUND: none,
  DEFAULT_ADDRESS_FAILED: () => z.object({ kind: z.enum(['shipping', 'billing']) }),
  // Products and images.
  PRODUCT_NOT_FOUND: () => z.object({ productId: z.string().optional() }),
  PRODUCT_INVALID: () => z.object({ action: z.enum(['create', 'update']) }),
  /** A product save over a version older than the product's: nothing was saved; `product` is the product as it is now. */
  PRODUCT_CHANGED: () => z.object({ product: adminProductSchema }),
  /** A product save whose stock change would take the stock below 0: `stockQuantity` is the stock now, `change` the save's change. */
  PRODUCT_STOCK_BELOW_ZERO: () => z.object({ productId: productId(), stockQuantity: count(), change: z.number().int() }),
  /** A back-in-stock alert asked for a product that is in stock (issue #41): it can be bought now. */
  PRODUCT_IN_STOCK: () => z.object({ productId: productId(), stockQuantity: count() }),
  IMAGE_TOO_LARGE: none,
  IMAGE_TYPE_INVALID: none,
  TOO_MANY_IMAGES: none,
  /** An image upload the BFF could not take: not multipart, unreadable, or without a file. */
  UPLOAD_INVALID: () => z.object({ reason: z.enum(['not-multipart', 'unreadable', 'empty']) }),
  /** The media service could not store an image (unreachable, or it failed without a code of its own). */
  IMAGE_UPLOAD_FAILED: none,
  /** A stored image could not be fetched from the media service (the BFF answers 502). */
  IMAGE_LOAD_FAILED: none,
  // Payments (checkout).
  /** The payment provider refused the payment. */
  PAYMENT_DECLINED: () => z.object({ orderId: z.string().min(1), reason: z.string().optional() }),
  /** The provider has not decided yet; the order waits for its callback. */
  PAYMENT_PENDING: () => z.object({ orderId: z.string().min(1) }),
  /** The provider reports another amount than the order's total. */
  AMOUNT_MISMATCH: () => z.object({ orderId: z.string().min(1), expectedPaise: z.number().int(), receivedPaise: z.number().int() }),
  /** Payment start blocked (spec §5): the cart has no lines. */
  CART_EMPTY: none,
  /** Payment start blocked (spec §5): no shipping address chosen. */
  SHIPPING_ADDRESS_REQUIRED: none,
  /** Payment start blocked (spec §5): no billing address chosen. */
  BILLING_ADDRESS_REQUIRED: none,
  /** A shipping quote for a PIN code that is not 6 digits (spec §5 Shipping calculation). */
  INVALID_POSTAL_CODE: none,
  /** PhonePe could not create the payment; the order failed and its stock was released. */
  PAYMENT_INIT_FAILED: () => z.object({ reason: z.string().optional() }),
  // What an unpaid checkout may hold (docs/adr/073-what-an-unpaid-checkout-may-hold.md): refused before any stock is held.
  /** More of one plant than one order may buy (`max`). */
  UNITS_LIMIT: () => z.object({ productId: productId(), productName: z.string(), max: z.number().int().positive() }),
  /** More of a plant than one unpaid checkout may hold: `holdable` of the `stock` left. */
  HOLD_LIMIT: () => z.object({ productId: productId(), productName: z.string(), holdable: count(), stock: count() }),
  /** The shopper has `max` payments open at PhonePe already; `until` is when the first of them expires. */
  PAYMENTS_LIMIT: () => z.object({ max: z.number().int().positive(), until: z.iso.datetime().nullable() }),
  // Orders (history, Orders tab).
  /** No order with that id (or, for a shopper, not theirs; for an archive, none left to archive). */
  ORDER_NOT_FOUND: none,
  /** A bulk delete with an empty selection (spec §5 Order deletion). */
  NO_ORDERS_SELECTED: none,
  /** The order has no bill of supply yet: it has not been paid. */
  BILL_NOT_ISSUED: none,
  /** A fulfilment step that does not follow the order's current one (or an order that is not paid). */
  FULFILMENT_NOT_ALLOWED: () => z.object({ from: z.string().nullable(), to: z.string() }),
  /** Shipped without a courier or tracking number. */
  TRACKING_REQUIRED: none,
  /** The order cannot be refunded: it is not paid, or it has been refunded already. */
  REFUND_NOT_ALLOWED: () => z.object({ reason: z.enum(['not-paid', 'already-refunded']) }),
  /** A refund of more than was paid (or less than ₹1). */
  REFUND_AMOUNT_INVALID: () => z.object({ maxPaise: z.number().int().nonnegative() }),
  // Needs attention (issue #42).
  /** What the admin meant to settle no longer waits: another admin (or PhonePe) settled it first, or it never waited. */
  DECISION_TAKEN: none,
  /** A held order's payment cannot be accepted: PhonePe took less than the order's total. */
  PAYMENT_NOT_ENOUGH: () => z.object({ totalPaise: z.number().int().nonnegative(), reportedPaise: z.number().int().nonnegative() }),
  /** No refund with that id on the order. */
  REFUND_NOT_FOUND: none,
  // Guarantee claims (issue #41, docs/adr/078).
  /** The order's 30-day guarantee is not open: `lastDay` (India day) it ended, or null when it has not started (not shipped or delivered). */
  CLAIM_WINDOW_CLOSED: () => z.object({ lastDay: z.string().nullable() }),
  /** A plant a waiting claim of the order covers already (one claim per plant line at a time). */
  CLAIM_LINE_UNDER_REVIEW: () => z.object({ productId: productId(), productName: z.string() }),
  /** More of a plant than is left to claim (`max`: what is), or a plant not in the order (`productName` null). */
  CLAIM_QUANTITY_INVALID: () => z.object({ productId: productId(), productName: z.string().nullable(), max: count() }),
  /** A claim without photos, or with more than `max`. */
  CLAIM_PHOTOS_INVALID: () => z.object({ min: count(), max: count() }),
  /** No such guarantee claim. */
  CLAIM_NOT_FOUND: none,
  /** The claim was approved or declined already (by this admin or another). */
  CLAIM_ALREADY_DECIDED: () => z.object({ state: z.enum(['approved', 'declined']) }),
});

/** Every error code, in the order of {@link ERROR_DATA}. */
export const ERROR_CODES = Object.keys(ERROR_DATA) as [keyof typeof ERROR_DATA, ...(keyof typeof ERROR_DATA)[]];

export type ErrorCode = keyof typeof ERROR_DATA;

/** The data a failure with code `C` carries. */
export type ErrorData<C extends ErrorCode> = z.infer<(typeof ERROR_DATA)[C]>;

/** HTTP status the BFF answers with for each code. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  // 504, not 503: a 503 says "nothing happened, try again"; here the work may have been done,
  // and only a retry carrying the same Idempotency-Key is safe (ADR 012).
  OUTCOME_UNKNOWN: 504,
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  CROSS_SITE_REQUEST: 403,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  OUT_OF_STOCK: 409,
  INSUFFICIENT_STOCK: 409,
  INVALID_QUANTITY: 400,
  CART_LINE_NOT_FOUND: 404,
  CART_ADD_FAILED: 409,
  SESSION_ENDED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  EMAIL_TAKEN: 409,
  CONFIRM_LINK_INVALID: 400,
  RESET_LINK_INVALID: 400,
  OTP_INVALID: 400,
  PHONE_INVALID: 400,
  PROFILE_NOT_FOUND: 404,
  ADMIN_REQUIRED: 403,
  USER_NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  ALREADY_ADMIN: 409,
  NOT_ADMIN: 409,
  LAST_ADMIN: 409,
  ADDRESS_NOT_FOUND: 404,
  DEFAULT_ADDRESS_FAILED: 409,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_INVALID: 400,
  PRODUCT_CHANGED: 409,
  PRODUCT_STOCK_BELOW_ZERO: 400,
  PRODUCT_IN_STOCK: 409,
  IMAGE_TOO_LARGE: 400,
  IMAGE_TYPE_INVALID: 400,
  TOO_MANY_IMAGES: 400,
  UPLOAD_INVALID: 400,
  IMAGE_UPLOAD_FAILED: 503,
  IMAGE_LOAD_FAILED: 502,
  PAYMENT_DECLINED: 402,
  PAYMENT_PENDING: 409,
  AMOUNT_MISMATCH: 409,
  CART_EMPTY: 409,
  SHIPPING_ADDRESS_REQUIRED: 400,
  BILLING_ADDRESS_REQUIRED: 400,
  INVALID_POSTAL_CODE: 400,
  PAYMENT_INIT_FAILED: 502,
  UNITS_LIMIT: 409,
  HOLD_LIMIT: 409,
  PAYMENTS_LIMIT: 409,
  ORDER_NOT_FOUND: 404,
  NO_ORDERS_SELECTED: 400,
  BILL_NOT_ISSUED: 404,
  FULFILMENT_NOT_ALLOWED: 409,
  TRACKING_REQUIRED: 400,
  REFUND_NOT_ALLOWED: 409,
  REFUND_AMOUNT_INVALID: 400,
  DECISION_TAKEN: 409,
  PAYMENT_NOT_ENOUGH: 409,
  REFUND_NOT_FOUND: 404,
  CLAIM_WINDOW_CLOSED: 409,
  CLAIM_LINE_UNDER_REVIEW: 409,
  CLAIM_QUANTITY_INVALID: 400,
  CLAIM_PHOTOS_INVALID: 400,
  CLAIM_NOT_FOUND: 404,
  CLAIM_ALREADY_DECIDED: 409,
};

/** A valid data fixture per code, parsed by the contracts spec and rendered by the catalogue spec. */
export const ERROR_DATA_FIXTURES: { readonly [C in ErrorCode]: ErrorData<C> } = {
  ...(Object.fromEntries(Object.keys(ERROR_DATA).map((code) => [code, {}])) as { [C in ErrorCode]: ErrorData<C> }),
  OUT_OF_STOCK: { productId: 'prd_01JD0000000000000000000000', productName: 'Monte Carlo' },
  INSUFFICIENT_STOCK: { productId: 'prd_01JD0000000000000000000000', available: 3, inCart: 2 },
  PROFILE_NOT_FOUND: { action: 'load' },
  DEFAULT_ADDRESS_FAILED: { kind: 'shipping' },
  PRODUCT_NOT_FOUND: { productId: 'prd_01JD0000000000000000000000' },
  PRODUCT_INVALID: { action: 'create' },
  PRODUCT_CHANGED: {
    product: {
      id: 'prd_01JD0000000000000000000000',
      name: 'Anubias nana',
      description: 'Hardy.',
      pricePaise: 24900,
      imageUrls: [],
      category: 'midground',
      stockQuantity: 2,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-23T08:30:00.000Z',
      plantDifficulty: null,
      co2Requirement: null,
      lightRequirement: null,
      carbonateHardnessKh: null,
      generalHardnessGh: null,
      version: 3,
    },
  },
  PRODUCT_STOCK_BELOW_ZERO: { productId: 'prd_01JD0000000000000000000000', stockQuantity: 2, change: -3 },
  PRODUCT_IN_STOCK: { productId: 'prd_01JD0000000000000000000000', stockQuantity: 4 },
  UPLOAD_INVALID: { reason: 'empty' },
  PAYMENT_DECLINED: { orderId: 'ord_01JD0000000000000000000000', reason: 'insufficient funds' },
  PAYMENT_PENDING: { orderId: 'ord_01JD0000000000000000000000' },
  AMOUNT_MISMATCH: { orderId: 'ord_01JD0000000000000000000000', expectedPaise: 150000, receivedPaise: 100000 },
  PAYMENT_INIT_FAILED: { reason: 'PhonePe is not reachable' },
  UNITS_LIMIT: { productId: 'prd_01JD0000000000000000000000', productName: 'Monte Carlo', max: 20 },
  HOLD_LIMIT: { productId: 'prd_01JD0000000000000000000000', productName: 'Monte Carlo', holdable: 2, stock: 4 },
  PAYMENTS_LIMIT: { max: 3, until: '2026-11-22T10:05:00.000Z' },
  FULFILMENT_NOT_ALLOWED: { from: 'delivered', to: 'shipped' },
  REFUND_NOT_ALLOWED: { reason: 'already-refunded' },
  REFUND_AMOUNT_INVALID: { maxPaise: 78500 },
  PAYMENT_NOT_ENOUGH: { totalPaise: 78500, reportedPaise: 77500 },
  CLAIM_WINDOW_CLOSED: { lastDay: '2026-12-01' },
  CLAIM_LINE_UNDER_REVIEW: { productId: 'prd_01JD0000000000000000000000', productName: 'Anubias nana' },
  CLAIM_QUANTITY_INVALID: { productId: 'prd_01JD0000000000000000000000', productName: 'Anubias nana', max: 2 },
  CLAIM_PHOTOS_INVALID: { min: 1, max: 4 },
  CLAIM_ALREADY_DECIDED: { state: 'approved' },
};

/**
 * Codes of success notices (the toasts after a change), each with its data: like errors,
 * services send the code and the facts, and the catalogue holds the words.
 */
export const NOTICE_DATA = lazySchemas({
  CART_ITEM_ADDED: () => z.object({ quantity: z.number().int().min(1) }),
  CART_LINE_INCREASED: () => z.object({ quantity: z.number().int().min(1) }),
  CART_QUANTITY_UPDATED: () => z.object({ quantity: z.number().int().min(1) }),
  CART_ITEM_REMOVED: none,
  CART_CLEARED: none,
  RESET_EMAIL_SENT: none,
  /** A mailed confirmation link was followed: the email is confirmed, and the person signs in themselves. */
  EMAIL_CONFIRMED: none,
  PASSWORD_UPDATED: none,
  OTP_SENT: none,
  ADMIN_ADDED: none,
  ADMIN_REMOVED: none,
  /** One order deleted (archived) from the Orders tab: its line count and transaction id (spec §8). */
  ORDER_ARCHIVED: () => z.object({ lineCount: z.number().int().min(1), merchantOrderId: z.string() }),
  /** A bulk delete (archive) from the Orders tab (spec §8). */
  ORDERS_ARCHIVED: () => z.object({ count: z.number().int().min(1) }),
  ORDER_RESTORED: () => z.object({ merchantOrderId: z.string() }),
  FULFILMENT_UPDATED: () => z.object({ status: z.string() }),
  REFUND_STARTED: () => z.object({ amountPaise: z.number().int().positive() }),
  /** A held order's payment accepted and the order sold (issue #42). */
  PAYMENT_ACCEPTED: () => z.object({ amountPaise: z.number().int().positive() }),
  /** A held order refunded in full. */
  HELD_REFUNDED: () => z.object({ amountPaise: z.number().int().nonnegative() }),
  /** A refused refund asked of PhonePe again. */
  REFUND_RETRIED: () => z.object({ amountPaise: z.number().int().positive() }),
  /** A refund marked settled outside the shop. */
  REFUND_SETTLED: () => z.object({ amountPaise: z.number().int().positive() }),
  /** A shopper's guarantee claim was sent: it is under review. */
  CLAIM_FILED: none,
  /** An admin approved a claim: the replacement order's merchant order id. */
  CLAIM_APPROVED: () => z.object({ merchantOrderId: z.string() }),
  CLAIM_DECLINED: none,
});

export type NoticeCode = keyof typeof NOTICE_DATA;

/** The data a notice with code `C` carries. */
export type NoticeData<C extends NoticeCode> = z.infer<(typeof NOTICE_DATA)[C]>;

/** A success notice on the wire: its code and data. */
export const noticeSchema = z.object({ code: z.enum(Object.keys(NOTICE_DATA) as [NoticeCode, ...NoticeCode[]]), data: z.record(z.string(), z.unknown()).optional() });
export type Notice = z.infer<typeof noticeSchema>;

/** Builds a typed notice. */
export const notice = <C extends NoticeCode>(code: C, ...data: Record<string, never> extends NoticeData<C> ? [NoticeData<C>?] : [NoticeData<C>]): Notice =>
  data[0] === undefined ? { code } : { code, data: data[0] };

/** A valid data fixture per notice code. */
export const NOTICE_DATA_FIXTURES: { readonly [C in NoticeCode]: NoticeData<C> } = {
  CART_ITEM_ADDED: { quantity: 3 },
  CART_LINE_INCREASED: { quantity: 1 },
  CART_QUANTITY_UPDATED: { quantity: 2 },
  CART_ITEM_REMOVED: {},
  CART_CLEARED: {},
  RESET_EMAIL_SENT: {},
  EMAIL_CONFIRMED: {},
  PASSWORD_UPDATED: {},
  OTP_SENT: {},
  ADMIN_ADDED: {},
  ADMIN_REMOVED: {},
  ORDER_ARCHIVED: { lineCount: 3, merchantOrderId: 'MO1763800000000a1b2c3_7f3k' },
  ORDERS_ARCHIVED: { count: 2 },
  ORDER_RESTORED: { merchantOrderId: 'MO1763800000000a1b2c3_7f3k' },
  FULFILMENT_UPDATED: { status: 'shipped' },
  REFUND_STARTED: { amountPaise: 78500 },
  PAYMENT_ACCEPTED: { amountPaise: 79500 },
  HELD_REFUNDED: { amountPaise: 79500 },
  REFUND_RETRIED: { amountPaise: 78500 },
  REFUND_SETTLED: { amountPaise: 78500 },
  CLAIM_FILED: {},
  CLAIM_APPROVED: { merchantOrderId: 'MO1764150000000z9y8x7_2k4m' },
  CLAIM_DECLINED: {},
};

/** A field-level problem, as shown beside a form field. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The error part of a failed reply: a stable code and its data. Services send no text;
 * the BFF fills `title` and `message` from the catalogue before a problem response leaves
 * (ADR 013). `message` is also set by the few platform failures that have no code of their own.
 */
export const appErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  /** The facts of the failure, shaped by the code's schema in {@link ERROR_DATA}. */
  data: z.record(z.string(), z.unknown()).optional(),
  /** Short title for a toast (e.g. 'Out of Stock'); filled by the BFF. */
  title: z.string().optional(),
  /** The user-facing text; filled by the BFF from the catalogue. */
  message: z.string().optional(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

/** Reply of every RPC: a typed success or a typed business failure. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

/** Builds the zod schema of a `Result<T>` reply from the schema of its data. */
export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ]);
}

/** Shorthand for a success result. */
export const ok = <T>(data: T): Result<T> => ({ ok: true, data });

type DataArg<C extends ErrorCode> = Record<string, never> extends ErrorData<C> ? [data?: ErrorData<C>] : [data: ErrorData<C>];

/**
 * A typed error: the code and its data (omitted when the code carries none).
 *
 * @example appError('INSUFFICIENT_STOCK', { productId, available: 3, inCart: 2 })
 */
export function appError<C extends ErrorCode>(code: C, ...[data]: DataArg<C>): AppError {
  return data === undefined || Object.keys(data).length === 0 ? { code } : { code, data: data as Record<string, unknown> };
}

/** Shorthand for a failure result: a code and its data, never text. */
export const fail = <C extends ErrorCode>(code: C, ...data: DataArg<C>): Result<never> => ({ ok: false, error: appError(code, ...data) });

/** A failed form: `VALIDATION_FAILED` (or a more specific code) with the problems per field. */
export const failFields = (fieldErrors: FieldError[], error: AppError = { code: 'VALIDATION_FAILED' }): Result<never> => ({
  ok: false,
  error: { ...error, fieldErrors },
});

/**
 * An unexpected failure carrying a stable code, thrown across process boundaries
 * (the RPC layer turns it back into an `AppErrorException` on the caller's side).
 */
export class AppErrorException extends Error {
  constructor(readonly error: AppError) {
    super(error.message ?? error.code);
    this.name = 'AppErrorException';
  }
}
