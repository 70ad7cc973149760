import { z } from 'zod';
import { cartChangeSchema, cartSchema } from '../cart.js';
import {
  adminProductPageSchema,
  adminProductQuerySchema,
  productFilterSchema,
  productInputSchema,
  productUpdateInputSchema,
  stockAdjustmentSchema,
  stockAlertListSchema,
  stockChangeSchema,
  stockHistoryPageSchema,
  ADMIN_PRODUCTS_MAX_PAGE_SIZE,
  STOCK_HISTORY_MAX_PAGE_SIZE,
} from '../catalog.js';
import { appErrorSchema, noticeSchema } from '../errors.js';
import { addressInputSchema, addressSchema, adminUserDetailSchema, adminUserPageSchema, adminUserQuerySchema, meSchema, sessionSchema, ADMIN_USERS_MAX_PAGE_SIZE } from '../identity.js';
import { adminProductSchema, MALFORMED_TEXT_MESSAGE, pageQueryFields, productSchema, text } from '../schemas.js';
import { checkoutStartedSchema, merchantOrderIdSchema, openPaymentSchema, paymentOutcomeSchema } from '../order.js';
import {
  adminOrderFilterSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  billOfSupplySchema,
  calendarDaySchema,
  customerOrderFiguresSchema,
  fulfilmentInputSchema,
  orderFiguresSchema,
  orderSchema,
  refundInputSchema,
  settleRefundInputSchema,
  ADMIN_ORDERS_MAX_PAGE_SIZE,
} from '../order-history.js';
import { salesOverTimeSchema } from '../sales.js';
import { claimDeclineReasonSchema, claimPhotoIdSchema } from '../guarantee-claims.js';
import type { HttpRouteId } from './routes.js';

/** The request and response schemas of one route. Absent parts take no input or answer no body. */
export interface HttpRouteSchemas {
  /** Path parameters, by placeholder name. */
  readonly params?: z.ZodObject;
  /** Query string values. */
  readonly query?: z.ZodObject;
  /** The JSON body (`multipart/form-data` when {@link bodyType} says so). */
  readonly body?: z.ZodType;
  readonly bodyType?: 'application/json' | 'multipart/form-data';
  /** The body of a successful answer. */
  readonly response?: z.ZodType;
  readonly responseType?: 'application/json' | 'image/webp' | 'text/csv';
}

/** Auth fields: bounded, without NUL characters (PostgreSQL cannot store them in text) or unpaired surrogates. */
const authText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\0'), 'Must not contain NUL characters')
    .refine((v) => v.isWellFormed(), MALFORMED_TEXT_MESSAGE);
/** A mailed or texted token: present, bounded, no NUL. */
const authToken = (max: number) => authText(max).min(1, 'The token is missing.');

/** `{ message }`: the user-facing text of a done action (spec wording). */
export const messageReplySchema = z.object({ message: z.string() });
/** A listing: `{ items }`. */
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
export const productListSchema = list(productSchema);
export const addressListSchema = list(addressSchema);
export const userListSchema = list(meSchema);

/**
 * A problem response (`application/problem+json`): the status, a code of `ERROR_CODES`,
 * the user-facing text and, for a refused form, one error per field.
 */
export const problemSchema = appErrorSchema.extend({ status: z.number().int().min(400).max(599) });

const idParams = z.object({ id: text().describe('The id (ids longer than 64 characters name nothing: 404).') });
/** An order's refund: the order's id and the refund's (`attention[].refundId` of the order). */
const refundParams = idParams.extend({ refundId: text().describe('The refund’s id (ids longer than 64 characters name nothing: 404).') });

/** An order's claim photo: the order and the photo's upload id (a photo of another order names nothing: 404). */
const claimPhotoParams = idParams.extend({ photoId: claimPhotoIdSchema.describe('The photo (`upl_…`, from the claim’s `photoIds`).') });

/** A notice as the BFF answers it: its code, title and text (the toast). */
const noticeReplySchema = z.object({ notice: noticeSchema, title: z.string().optional(), message: z.string() });

/** The Orders tab's filters as query strings: `archived=true`, `page=2`… */
const adminOrderFilterQuery = adminOrderFilterSchema.extend({
  archived: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  attention: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
const adminOrderPageQuery = adminOrderFilterQuery.extend(pageQueryFields(ADMIN_ORDERS_MAX_PAGE_SIZE, 20));

/** The Products tab's query as query strings: `lowStock=true`, `page=2`… */
const adminProductPageQuery = adminProductQuerySchema.extend({
  lowStock: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  ...pageQueryFields(ADMIN_PRODUCTS_MAX_PAGE_SIZE, 24),
});

/** A stock history's page as query strings: `page=2&pageSize=10`. */
const stockHistoryQuery = z.object(pageQueryFields(STOCK_HISTORY_MAX_PAGE_SIZE, 10)).strict();

/** A product's stock history as the admin reads it: each admin's change with the admin's name as identity knows it now (null for an account that is gone). */
export const adminStockHistorySchema = stockHistoryPageSchema.extend({ items: z.array(stockChangeSchema.extend({ actorName: z.string().nullable() })) });
export type AdminStockHistory = z.infer<typeof adminStockHistorySchema>;

/** The Users tab's query as query strings: `q=asha&page=2`. */
const adminUserPageQuery = adminUserQuerySchema.extend(pageQueryFields(ADMIN_USERS_MAX_PAGE_SIZE, 24));

/**
 * The dashboard's strip of today's figures: the order service's figures of the day and the
 * catalog's count of plants at or under its low-stock threshold (stock 0 included).
 */
export const adminFiguresSchema = orderFiguresSchema.extend({
  lowStock: z.number().int().nonnegative(),
  /** Catalog's `LOW_STOCK_THRESHOLD`: stock at or under it is low. */
  lowStockThreshold: z.number().int().nonnegative(),
});
export type AdminFigures = z.infer<typeof adminFiguresSchema>;

/** The sales over time's period as query strings: `days=90&to=2026-11-23`. */
const salesHttpQuery = z
  .object({
    days: z.enum(['30', '90']).default('30').describe('The period in days: the last 30 (default) or 90 India days.'),
    to: calendarDaySchema.optional().describe('The period\'s last India day, `YYYY-MM-DD`; today (Asia/Kolkata) when left out.'),
  })
  .strict();

/** A cart change as the BFF answers it: the notice's title and text from the catalogue beside its code and data. */
const cartChangeReplySchema = cartChangeSchema.extend({ title: z.string(), message: z.string() });

/**
 * Request and response schemas of every route of `HTTP_ROUTES`, by route id. The BFF
 * parses requests with exactly these, and `/api/docs` documents them.
 */
export const HTTP_SCHEMAS = {
  'auth.signUp': { body: z.object({ email: authText(254), password: authText(200), fullName: authText(120) }), response: messageReplySchema },
  'auth.confirmLink': { query: z.object({ token: z.string().optional().describe('The mailed confirmation token.') }) },
  'auth.confirm': { body: z.object({ token: authToken(200) }), response: noticeReplySchema },
  'auth.signIn': { body: z.object({ email: authText(254), password: authText(200) }), response: sessionSchema },
  'auth.refresh': { response: sessionSchema.nullable() },
  'auth.signOut': {},
  'auth.passwordReset': { body: z.object({ email: authText(254) }), response: messageReplySchema },
  'auth.passwordResetCheck': { body: z.object({ token: authToken(200) }), response: z.object({ valid: z.boolean().describe('Whether Set New Password would accept the token now.') }) },
  'auth.passwordUpdate': { body: z.object({ token: authToken(200), password: authText(200) }), response: messageReplySchema },
  'auth.otp': { body: z.object({ phone: authText(20) }), response: messageReplySchema },
  'auth.otpVerify': { body: z.object({ phone: authText(20), token: authText(10), type: z.literal('sms') }), response: sessionSchema },

  'me.get': { response: meSchema },
  'me.update': { body: z.object({ fullName: text(120) }), response: meSchema },
  'me.addresses.list': { response: addressListSchema },
  'me.addresses.create': { body: addressInputSchema, response: addressSchema },
  'me.addresses.update': { params: idParams, body: addressInputSchema, response: addressSchema },
  'me.addresses.delete': { params: idParams },
  'me.addresses.defaultShipping': { params: idParams, response: addressListSchema },
  'me.addresses.defaultBilling': { params: idParams, response: addressListSchema },
  'me.stockAlerts.list': { response: stockAlertListSchema },
  'me.stockAlerts.create': { body: z.object({ productId: text(64).min(1) }).strict(), response: stockAlertListSchema },
  'me.stockAlerts.delete': { params: z.object({ productId: text().describe('The plant (ids longer than 64 characters name nothing).') }), response: stockAlertListSchema },

  'products.list': { query: productFilterSchema.omit({ order: true }), response: productListSchema },
  'products.get': { params: idParams, response: productSchema },

  'cart.get': { response: cartSchema },
  'cart.addItem': { body: z.object({ productId: text(64).min(1), quantity: z.number().int().min(-1000).max(1000).default(1) }), response: cartChangeReplySchema },
  'cart.updateItem': { params: idParams, body: z.object({ quantity: z.number().int().min(-1000).max(1000) }), response: cartChangeReplySchema },
  'cart.removeItem': { params: idParams, response: cartChangeReplySchema },
  'cart.clear': { response: cartChangeReplySchema },
  'checkout.shippingQuote': {
    query: z.object({ postalCode: text(20) }),
    response: z.object({
      postalCode: z.string(),
      shippingPaise: z.number().int().nonnegative(),
      estimate: z.string().describe('How long delivery takes once the order is paid, in words (`3-5 business days`).'),
    }),
  },
  'checkout.open': { response: z.object({ payment: openPaymentSchema.nullable() }) },
  'checkout.pay': { body: z.object({ shippingAddressId: text(64).nullish(), billingAddressId: text(64).nullish() }).strict(), response: checkoutStartedSchema },
  'payments.status': { params: z.object({ merchantOrderId: merchantOrderIdSchema }), response: paymentOutcomeSchema },
  'payments.phonepeReturn': { params: z.object({ merchantOrderId: merchantOrderIdSchema }) },
  'payments.phonepeWebhook': { body: z.unknown(), response: z.object({ accepted: z.boolean() }) },

  'orders.list': { response: z.object({ items: z.array(orderSchema) }) },
  'orders.get': { params: idParams, response: orderSchema },
  'orders.bill': { params: idParams, response: billOfSupplySchema },
  'orders.claims.create': {
    params: idParams,
    body: z.object({
      claim: z.string().describe('The claim as JSON (sent before the photos): `{ "lines": [{ "productId", "quantity" }], "description" }` (`claimInputSchema`).'),
      photos: z.array(z.file()).min(1).max(4).describe('One to four photos (JPEG, PNG or WebP, 5 MB each).'),
    }),
    bodyType: 'multipart/form-data',
    response: noticeReplySchema.extend({ order: orderSchema }),
  },
  'orders.claimPhoto': { params: claimPhotoParams, responseType: 'image/webp' },

  'admin.figures': {
    query: z.object({ day: calendarDaySchema.optional().describe('An India day, `YYYY-MM-DD`; today (Asia/Kolkata) when left out.') }).strict(),
    response: adminFiguresSchema,
  },
  'admin.sales': { query: salesHttpQuery, response: salesOverTimeSchema },
  'admin.sales.export': { query: salesHttpQuery, responseType: 'text/csv' },
  'admin.orders.list': { query: adminOrderPageQuery, response: adminOrderPageSchema },
  'admin.orders.export': { query: adminOrderFilterQuery, responseType: 'text/csv' },
  'admin.orders.get': { params: idParams, response: adminOrderSchema },
  'admin.orders.bill': { params: idParams, response: billOfSupplySchema },
  'admin.orders.delete': { params: idParams, response: noticeReplySchema.extend({ orderIds: z.array(z.string()) }) },
  'admin.orders.bulkDelete': { body: z.object({ orderIds: z.array(text(64)).max(ADMIN_ORDERS_MAX_PAGE_SIZE) }).strict(), response: noticeReplySchema.extend({ orderIds: z.array(z.string()) }) },
  'admin.orders.restore': { params: idParams, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.fulfil': { params: idParams, body: fulfilmentInputSchema, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.refund': { params: idParams, body: refundInputSchema, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.acceptPayment': { params: idParams, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.refundHeld': { params: idParams, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.retryRefund': { params: refundParams, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.settleRefund': { params: refundParams, body: settleRefundInputSchema, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.orders.claimPhoto': { params: claimPhotoParams, responseType: 'image/webp' },
  'admin.claims.approve': { params: idParams, response: noticeReplySchema.extend({ order: adminOrderSchema }) },
  'admin.claims.decline': { params: idParams, body: z.object({ reason: claimDeclineReasonSchema }).strict(), response: noticeReplySchema.extend({ order: adminOrderSchema }) },

  'admin.products.list': { query: adminProductPageQuery, response: adminProductPageSchema },
  'admin.products.create': { body: productInputSchema, response: adminProductSchema },
  'admin.products.update': { params: idParams, body: productUpdateInputSchema, response: adminProductSchema },
  'admin.products.delete': { params: idParams },
  'admin.products.stock-history': { params: idParams, query: stockHistoryQuery, response: adminStockHistorySchema },
  'admin.products.stock-adjust': { params: idParams, body: stockAdjustmentSchema, response: adminProductSchema },
  'admin.media.upload': {
    body: z.object({
      existingCount: z.string().optional().describe('How many images the product already has (sent before the files).'),
      file: z.array(z.file()).min(1).max(4).describe('The images (JPEG, PNG or WebP).'),
    }),
    bodyType: 'multipart/form-data',
    response: z.object({ items: z.array(z.object({ url: z.string() })) }),
  },
  'admin.users.list': { query: adminUserPageQuery, response: adminUserPageSchema },
  'admin.users.get': { params: idParams, response: adminUserDetailSchema.extend({ orders: customerOrderFiguresSchema }) },
  'admin.admins.list': { response: userListSchema },
  'admin.admins.add': { body: z.object({ email: text(254) }), response: messageReplySchema },
  'admin.admins.remove': { params: z.object({ email: text(254) }), response: messageReplySchema },

  'media.image': { params: z.object({ key: z.string() }), responseType: 'image/webp' },
} as const satisfies Record<HttpRouteId, HttpRouteSchemas>;

type Schemas<Id extends HttpRouteId> = (typeof HTTP_SCHEMAS)[Id];

/** The body a route takes, as the caller sends it (defaults optional); `undefined` when it takes none. */
export type HttpBody<Id extends HttpRouteId> = Schemas<Id> extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The query a route takes, as the caller sends it. */
export type HttpQuery<Id extends HttpRouteId> = Schemas<Id> extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** The JSON a route answers with on success; `void` when it answers no body. */
export type HttpResponse<Id extends HttpRouteId> = Schemas<Id> extends { response: infer R extends z.ZodType } ? z.output<R> : void;
