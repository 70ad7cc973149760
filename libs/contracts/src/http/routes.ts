import type { ErrorCode } from '../errors.js';

/**
 * The BFF's HTTP routes, declared once: method, path, who may call it, and every error
 * code it can answer. This module holds plain data only (no zod), so the browser apps can
 * import it for paths without bundling the schemas; the request and response schemas of
 * each route live beside it in `route-schemas.ts`, keyed by the same route id.
 *
 * The BFF validates with those schemas, serves the OpenAPI document built from both
 * (`/api/docs`), and a unit spec fails when a Nest route is missing here.
 */

/** The HTTP methods of the BFF's routes. */
export type HttpRouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, a signed-in person (bearer access token), or an admin. */
export type HttpRouteAccess = 'public' | 'user' | 'admin';

/** One route of the BFF. */
export interface HttpRoute {
  readonly method: HttpRouteMethod;
  /** The full path with `{name}` placeholders (OpenAPI style), e.g. `/api/cart/items/{id}`. */
  readonly path: string;
  /** The group it is listed under in the docs. */
  readonly tag: 'auth' | 'me' | 'products' | 'cart' | 'checkout' | 'payments' | 'orders' | 'admin' | 'media';
  /** One line for the docs. */
  readonly summary: string;
  /** The status of a successful answer. */
  readonly status: 200 | 201 | 202 | 204 | 303;
  readonly access: HttpRouteAccess;
  /** Limited per client address (and per account): answers 429 `RATE_LIMITED` with `Retry-After`. */
  readonly rateLimited: boolean;
  /**
   * A state-changing `/api` route outside `/api/auth/` (ADR 012): it takes an optional
   * `Idempotency-Key`, and answers 504 `OUTCOME_UNKNOWN` when its service did not answer in time.
   */
  readonly command: boolean;
  /** Every error code the route can answer (see `HTTP_STATUS_BY_CODE` for their statuses). */
  readonly errors: readonly ErrorCode[];
}

interface RouteInput {
  readonly method: HttpRouteMethod;
  readonly path: string;
  readonly tag: HttpRoute['tag'];
  readonly summary: string;
  readonly status?: HttpRoute['status'];
  readonly access?: HttpRouteAccess;
  readonly rateLimited?: boolean;
  /** Codes particular to this route; the ones every route of its kind answers are added. */
  readonly errors?: readonly ErrorCode[];
}

/**
 * Completes a route with the codes that follow from its kind: a service may be down
 * (503) or fail (500); a path, query or body may be invalid (400), too large (413, 414)
 * or of the wrong type (415); a guard answers 401/403; a limit 429; a command 409/504.
 */
function route<const R extends RouteInput>(input: R) {
  const access = input.access ?? 'public';
  const rateLimited = input.rateLimited ?? false;
  const stateChanging = input.method !== 'GET';
  const command = stateChanging && input.path.startsWith('/api/') && !input.path.startsWith('/api/auth/');
  const api = input.path.startsWith('/api/');
  const codes = new Set<ErrorCode>(input.errors ?? []);
  // The BFF's request guards answer before any route (ADR 011, 033): a NUL in the path
  // or the query, or a body nested too deep, is a 400 on every route; a body that is not
  // JSON a 415 on every `/api` route (a GET's included); a path id over the router's
  // maximum length a 414.
  codes.add('VALIDATION_FAILED');
  if (api) codes.add('UNSUPPORTED_MEDIA_TYPE');
  if (api && input.path.includes('{')) codes.add('URI_TOO_LONG');
  if (stateChanging) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('CROSS_SITE_REQUEST');
  }
  if (access !== 'public') codes.add('UNAUTHENTICATED');
  if (access === 'admin') codes.add('ADMIN_REQUIRED');
  if (rateLimited) codes.add('RATE_LIMITED');
  if (command) {
    codes.add('IDEMPOTENCY_CONFLICT');
    codes.add('OUTCOME_UNKNOWN');
  }
  codes.add('UNAVAILABLE');
  codes.add('INTERNAL');
  const done: { method: R['method']; path: R['path'] } & HttpRoute = {
    method: input.method,
    path: input.path,
    tag: input.tag,
    summary: input.summary,
    status: input.status ?? 200,
    access,
    rateLimited,
    command,
    errors: [...codes],
  };
  return done;
}

/** Every route of the BFF, by id. Paths and methods are typed literally (see {@link apiPath}). */
export const HTTP_ROUTES = {
  'auth.signUp': route({ method: 'POST', path: '/api/auth/sign-up', tag: 'auth', summary: 'Creates an account and mails its confirmation link', status: 201, rateLimited: true, errors: ['EMAIL_TAKEN'] }),
  'auth.confirmLink': route({ method: 'GET', path: '/api/auth/confirm', tag: 'auth', summary: 'The mailed confirmation link: confirms the email and redirects to `/?confirm=done` (or `/auth?confirm=invalid`); it never signs in', status: 303 }),
  'auth.confirm': route({ method: 'POST', path: '/api/auth/confirm', tag: 'auth', summary: 'Confirms an account’s email from its token; no session starts (sign in next)', errors: ['CONFIRM_LINK_INVALID'] }),
  'auth.signIn': route({ method: 'POST', path: '/api/auth/sign-in', tag: 'auth', summary: 'Signs in with email and password', rateLimited: true, errors: ['INVALID_CREDENTIALS', 'EMAIL_NOT_CONFIRMED'] }),
  'auth.refresh': route({ method: 'POST', path: '/api/auth/refresh', tag: 'auth', summary: 'Renews the session from the HttpOnly refresh cookie (rotated); `null` when the request has no refresh cookie (no session to restore)', errors: ['UNAUTHENTICATED', 'SESSION_ENDED'] }),
  'auth.signOut': route({ method: 'POST', path: '/api/auth/sign-out', tag: 'auth', summary: 'Ends the session of the refresh cookie and clears it', status: 204 }),
  'auth.passwordReset': route({ method: 'POST', path: '/api/auth/password-reset', tag: 'auth', summary: 'Mails a password-reset link (same answer whether or not the email has an account)', status: 202, rateLimited: true }),
  'auth.passwordResetCheck': route({ method: 'POST', path: '/api/auth/password-reset/check', tag: 'auth', summary: 'Whether a mailed reset token can still set a password (`valid: false` when it is unknown, used or expired); the token stays unused' }),
  'auth.passwordUpdate': route({ method: 'POST', path: '/api/auth/password-update', tag: 'auth', summary: 'Sets a new password from the mailed token; every session of the account ends', errors: ['RESET_LINK_INVALID'] }),
  'auth.otp': route({ method: 'POST', path: '/api/auth/otp', tag: 'auth', summary: 'Texts a 6-digit sign-in code to an Indian mobile number', status: 202, rateLimited: true, errors: ['PHONE_INVALID'] }),
  'auth.otpVerify': route({ method: 'POST', path: '/api/auth/otp/verify', tag: 'auth', summary: 'Signs in with a texted code (creates the account of a new phone)', rateLimited: true, errors: ['OTP_INVALID', 'PHONE_INVALID'] }),

  'me.get': route({ method: 'GET', path: '/api/me', tag: 'me', summary: "The signed-in person's profile", access: 'user', errors: ['PROFILE_NOT_FOUND'] }),
  'me.update': route({ method: 'PATCH', path: '/api/me', tag: 'me', summary: 'Changes the full name', access: 'user', errors: ['PROFILE_NOT_FOUND'] }),
  'me.addresses.list': route({ method: 'GET', path: '/api/me/addresses', tag: 'me', summary: 'The saved addresses, newest first', access: 'user' }),
  'me.addresses.create': route({ method: 'POST', path: '/api/me/addresses', tag: 'me', summary: 'Adds an address', status: 201, access: 'user' }),
  'me.addresses.update': route({ method: 'PATCH', path: '/api/me/addresses/{id}', tag: 'me', summary: 'Changes an address', access: 'user', errors: ['ADDRESS_NOT_FOUND'] }),
  'me.addresses.delete': route({ method: 'DELETE', path: '/api/me/addresses/{id}', tag: 'me', summary: 'Deletes an address', status: 204, access: 'user', errors: ['ADDRESS_NOT_FOUND'] }),
  'me.addresses.defaultShipping': route({ method: 'POST', path: '/api/me/addresses/{id}/default-shipping', tag: 'me', summary: 'Makes an address the default shipping one; answers the whole list', access: 'user', errors: ['ADDRESS_NOT_FOUND', 'DEFAULT_ADDRESS_FAILED'] }),
  'me.addresses.defaultBilling': route({ method: 'POST', path: '/api/me/addresses/{id}/default-billing', tag: 'me', summary: 'Makes an address the default billing one; answers the whole list', access: 'user', errors: ['ADDRESS_NOT_FOUND', 'DEFAULT_ADDRESS_FAILED'] }),
  'me.stockAlerts.list': route({ method: 'GET', path: '/api/me/stock-alerts', tag: 'me', summary: 'The out-of-stock plants the shopper will be mailed about when they are back, newest first', access: 'user' }),
  'me.stockAlerts.create': route({ method: 'POST', path: '/api/me/stock-alerts', tag: 'me', summary: 'Notify Me: mails the shopper once when the sold-out plant is back in stock (asking again changes nothing); answers the list', status: 201, access: 'user', errors: ['PRODUCT_NOT_FOUND', 'PRODUCT_IN_STOCK'] }),
  'me.stockAlerts.delete': route({ method: 'DELETE', path: '/api/me/stock-alerts/{productId}', tag: 'me', summary: 'Cancels Notify Me for a plant (none set: nothing changes); answers the list', access: 'user' }),

  'products.list': route({ method: 'GET', path: '/api/products', tag: 'products', summary: 'The plants on sale, oldest first, filtered by the storefront selects', errors: ['VALIDATION_FAILED'] }),
  'products.get': route({ method: 'GET', path: '/api/products/{id}', tag: 'products', summary: 'One plant', errors: ['PRODUCT_NOT_FOUND'] }),

  'cart.get': route({ method: 'GET', path: '/api/cart', tag: 'cart', summary: "The shopper's cart with prices computed by the server", access: 'user' }),
  'cart.addItem': route({ method: 'POST', path: '/api/cart/items', tag: 'cart', summary: "Adds a quantity of a plant to the cart (to its line, or a new one)", access: 'user', errors: ['PRODUCT_NOT_FOUND', 'OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'INVALID_QUANTITY', 'CART_ADD_FAILED'] }),
  'cart.updateItem': route({ method: 'PATCH', path: '/api/cart/items/{id}', tag: 'cart', summary: "Sets a line's quantity (0 or less removes it)", access: 'user', errors: ['CART_LINE_NOT_FOUND', 'OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'INVALID_QUANTITY'] }),
  'cart.removeItem': route({ method: 'DELETE', path: '/api/cart/items/{id}', tag: 'cart', summary: 'Removes a line', access: 'user', errors: ['CART_LINE_NOT_FOUND'] }),
  'cart.clear': route({ method: 'DELETE', path: '/api/cart', tag: 'cart', summary: 'Removes every line', access: 'user' }),

  'checkout.shippingQuote': route({ method: 'GET', path: '/api/shipping-quote', tag: 'checkout', summary: 'The shipping charge for a 6-digit Indian PIN code (₹75 around Kolkata, ₹150 elsewhere and to the Andamans) and the delivery time: what checkout will charge, asked by checkout and by the product page’s Check delivery', errors: ['INVALID_POSTAL_CODE'] }),
  'checkout.pay': route({ method: 'POST', path: '/api/checkout/pay', tag: 'checkout', summary: "Starts paying the cart through PhonePe: the server prices the cart, snapshots both addresses, reserves the stock and answers PhonePe's `redirectUrl`", access: 'user', rateLimited: true, errors: ['CART_EMPTY', 'SHIPPING_ADDRESS_REQUIRED', 'BILLING_ADDRESS_REQUIRED', 'ADDRESS_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'UNITS_LIMIT', 'HOLD_LIMIT', 'PAYMENTS_LIMIT', 'PAYMENT_INIT_FAILED'] }),
  'checkout.open': route({ method: 'GET', path: '/api/checkout/open', tag: 'checkout', summary: "The shopper's newest payment still waiting at PhonePe, with what it holds for them (null when none): checkout offers to pay it again or change it", access: 'user' }),

  'payments.status': route({ method: 'GET', path: '/api/payments/{merchantOrderId}', tag: 'payments', summary: "Where the shopper's payment stands (asks PhonePe while it is pending); the pending page polls it", access: 'user', errors: ['NOT_FOUND'] }),
  'payments.phonepeReturn': route({ method: 'GET', path: '/api/payments/phonepe/return/{merchantOrderId}', tag: 'payments', summary: "PhonePe's redirect target: asks PhonePe's Order Status and redirects to `/payment-success`, `/payment-failed` or `/payment-pending`", status: 303, errors: ['NOT_FOUND'] }),
  'payments.phonepeWebhook': route({ method: 'POST', path: '/api/payments/phonepe/webhook', tag: 'payments', summary: 'PhonePe\'s webhook: accepted only with `Authorization` = SHA-256 of the configured `username:password`; re-checks the order with PhonePe', errors: ['UNAUTHENTICATED'] }),

  'orders.list': route({ method: 'GET', path: '/api/orders', tag: 'orders', summary: "The shopper's orders, newest first, with their lines, address snapshots and fulfilment", access: 'user' }),
  'orders.get': route({ method: 'GET', path: '/api/orders/{id}', tag: 'orders', summary: "One of the shopper's orders (another user's id: 404)", access: 'user', errors: ['ORDER_NOT_FOUND'] }),
  'orders.bill': route({ method: 'GET', path: '/api/orders/{id}/bill', tag: 'orders', summary: 'The GST bill of supply of a paid order (the printable invoice)', access: 'user', errors: ['ORDER_NOT_FOUND', 'BILL_NOT_ISSUED'] }),
  'orders.claims.create': route({
    method: 'POST',
    path: '/api/orders/{id}/claims',
    tag: 'orders',
    summary: 'Claims the 30-day guarantee on a delivered (or shipped) order (multipart: `claim`, the JSON of the plants and what happened, then one to four `photos`): under review, the shopper is mailed; an approval sends replacements at ₹0',
    status: 201,
    access: 'user',
    rateLimited: true,
    errors: ['ORDER_NOT_FOUND', 'CLAIM_WINDOW_CLOSED', 'CLAIM_LINE_UNDER_REVIEW', 'CLAIM_QUANTITY_INVALID', 'CLAIM_PHOTOS_INVALID', 'IMAGE_TOO_LARGE', 'IMAGE_TYPE_INVALID', 'UPLOAD_INVALID', 'IMAGE_UPLOAD_FAILED'],
  }),
  'orders.claimPhoto': route({ method: 'GET', path: '/api/orders/{id}/claim-photos/{photoId}', tag: 'orders', summary: "A photo of one of the shopper's own guarantee claims (private: anyone else's is a 404)", access: 'user', errors: ['NOT_FOUND', 'IMAGE_LOAD_FAILED'] }),

  'admin.figures': route({
    method: 'GET',
    path: '/api/admin/figures',
    tag: 'admin',
    summary: "Today's figures (or a given India day's): paid orders and revenue, orders waiting to ship (sales and guarantee replacements), orders that need a decision, guarantee claims waiting for a decision, plants low on stock",
    access: 'admin',
    errors: ['VALIDATION_FAILED'],
  }),
  'admin.sales': route({
    method: 'GET',
    path: '/api/admin/sales',
    tag: 'admin',
    summary: 'Sales over time: paid revenue (paid less refunded) and paid orders per India day over the last 30 or 90 days and the period before, and the best-selling plants',
    access: 'admin',
    errors: ['VALIDATION_FAILED'],
  }),
  'admin.sales.export': route({
    method: 'GET',
    path: '/api/admin/sales/export.csv',
    tag: 'admin',
    summary: 'The numbers behind the sales chart as CSV: one row per India day of the period, beside the same day of the period before',
    access: 'admin',
    errors: ['VALIDATION_FAILED'],
  }),
  'admin.orders.list': route({ method: 'GET', path: '/api/admin/orders', tag: 'admin', summary: 'One page of orders, newest first, with their customers; searched and filtered', access: 'admin' }),
  'admin.orders.export': route({ method: 'GET', path: '/api/admin/orders/export.csv', tag: 'admin', summary: "The filtered orders as CSV for the accountant, one row per line with bill numbers", access: 'admin' }),
  'admin.orders.get': route({ method: 'GET', path: '/api/admin/orders/{id}', tag: 'admin', summary: 'One order with its customer', access: 'admin', errors: ['ORDER_NOT_FOUND'] }),
  'admin.orders.bill': route({ method: 'GET', path: '/api/admin/orders/{id}/bill', tag: 'admin', summary: 'The bill of supply of any paid order', access: 'admin', errors: ['ORDER_NOT_FOUND', 'BILL_NOT_ISSUED'] }),
  'admin.orders.delete': route({ method: 'DELETE', path: '/api/admin/orders/{id}', tag: 'admin', summary: 'Deletes an order from the lists: archives it (bills and payment records stay)', access: 'admin', errors: ['ORDER_NOT_FOUND'] }),
  'admin.orders.bulkDelete': route({ method: 'POST', path: '/api/admin/orders/bulk-delete', tag: 'admin', summary: 'Deletes (archives) the selected orders', access: 'admin', errors: ['NO_ORDERS_SELECTED', 'ORDER_NOT_FOUND'] }),
  'admin.orders.restore': route({ method: 'POST', path: '/api/admin/orders/{id}/restore', tag: 'admin', summary: 'Brings an archived order back into the lists', access: 'admin', errors: ['ORDER_NOT_FOUND'] }),
  'admin.orders.fulfil': route({ method: 'POST', path: '/api/admin/orders/{id}/fulfilment', tag: 'admin', summary: 'Sets the next fulfilment step (shipped needs courier and tracking number); the shopper is mailed when it ships', access: 'admin', errors: ['ORDER_NOT_FOUND', 'FULFILMENT_NOT_ALLOWED', 'TRACKING_REQUIRED'] }),
  'admin.orders.acceptPayment': route({ method: 'POST', path: '/api/admin/orders/{id}/accept-payment', tag: 'admin', summary: 'Accepts the amount PhonePe took for a held order, when it is at least the total, and sells it as a paid order (stock, cart, mail, bill); more than the total goes back through PhonePe', access: 'admin', errors: ['ORDER_NOT_FOUND', 'DECISION_TAKEN', 'PAYMENT_NOT_ENOUGH'] }),
  'admin.orders.refundHeld': route({ method: 'POST', path: '/api/admin/orders/{id}/refund-held', tag: 'admin', summary: 'Refunds all PhonePe took for a held order through PhonePe; the shopper is mailed', access: 'admin', errors: ['ORDER_NOT_FOUND', 'DECISION_TAKEN'] }),
  'admin.orders.retryRefund': route({ method: 'POST', path: '/api/admin/orders/{id}/refunds/{refundId}/retry', tag: 'admin', summary: 'Asks PhonePe again for a refund it refused', access: 'admin', errors: ['ORDER_NOT_FOUND', 'REFUND_NOT_FOUND', 'DECISION_TAKEN'] }),
  'admin.orders.settleRefund': route({ method: 'POST', path: '/api/admin/orders/{id}/refunds/{refundId}/settle', tag: 'admin', summary: 'Marks a refused or stuck refund settled outside the shop, with a note saying how', access: 'admin', errors: ['ORDER_NOT_FOUND', 'REFUND_NOT_FOUND', 'DECISION_TAKEN'] }),
  'admin.orders.claimPhoto': route({ method: 'GET', path: '/api/admin/orders/{id}/claim-photos/{photoId}', tag: 'admin', summary: "A photo of an order's guarantee claim", access: 'admin', errors: ['NOT_FOUND', 'IMAGE_LOAD_FAILED'] }),
  'admin.claims.approve': route({
    method: 'POST',
    path: '/api/admin/claims/{id}/approve',
    tag: 'admin',
    summary: 'Approves a waiting guarantee claim once: a replacement order at ₹0 with the original shipping address takes the stock and enters the fulfilment steps; the shopper is mailed (out of stock: nothing changes)',
    access: 'admin',
    errors: ['CLAIM_NOT_FOUND', 'CLAIM_ALREADY_DECIDED', 'OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'PRODUCT_NOT_FOUND'],
  }),
  'admin.claims.decline': route({ method: 'POST', path: '/api/admin/claims/{id}/decline', tag: 'admin', summary: 'Declines a waiting guarantee claim once, with a reason the shopper reads; the shopper is mailed', access: 'admin', errors: ['CLAIM_NOT_FOUND', 'CLAIM_ALREADY_DECIDED'] }),
  'admin.orders.refund': route({ method: 'POST', path: '/api/admin/orders/{id}/refund', tag: 'admin', summary: 'Refunds part or all of what is left paid of an order through PhonePe (never more than was paid); the shopper is mailed', access: 'admin', errors: ['ORDER_NOT_FOUND', 'REFUND_NOT_ALLOWED', 'REFUND_AMOUNT_INVALID'] }),

  'admin.products.list': route({ method: 'GET', path: '/api/admin/products', tag: 'admin', summary: 'One page of products, newest first or by stock; searched by name, or only the low-stock ones', access: 'admin', errors: ['VALIDATION_FAILED'] }),
  'admin.products.create': route({ method: 'POST', path: '/api/admin/products', tag: 'admin', summary: 'Creates a product', status: 201, access: 'admin', errors: ['PRODUCT_INVALID'] }),
  'admin.products.update': route({ method: 'PATCH', path: '/api/admin/products/{id}', tag: 'admin', summary: 'Changes a product: refused with 409 PRODUCT_CHANGED and the product as it is now when `version` is not its version; the stock typed is applied as a change from `loadedStockQuantity` to the stock now, so sales made meanwhile are kept (400 PRODUCT_STOCK_BELOW_ZERO below 0)', access: 'admin', errors: ['PRODUCT_NOT_FOUND', 'PRODUCT_INVALID', 'PRODUCT_CHANGED', 'PRODUCT_STOCK_BELOW_ZERO'] }),
  'admin.products.delete': route({ method: 'DELETE', path: '/api/admin/products/{id}', tag: 'admin', summary: 'Deletes a product (its unused images go too)', status: 204, access: 'admin', errors: ['PRODUCT_NOT_FOUND'] }),
  'admin.products.stock-history': route({ method: 'GET', path: '/api/admin/products/{id}/stock-history', tag: 'admin', summary: "One page of a product's stock history, newest first: each change with its cause (sale, released or expired hold with the order number; an admin's edit or adjustment with the admin's name) and the stock after it", access: 'admin', errors: ['VALIDATION_FAILED', 'PRODUCT_NOT_FOUND'] }),
  'admin.products.stock-adjust': route({ method: 'POST', path: '/api/admin/products/{id}/stock-adjustments', tag: 'admin', summary: 'Adds (+) or takes (−) plants from a product\'s stock with a reason, recorded in its history with the admin; 400 PRODUCT_STOCK_BELOW_ZERO below 0', access: 'admin', errors: ['VALIDATION_FAILED', 'PRODUCT_NOT_FOUND', 'PRODUCT_STOCK_BELOW_ZERO'] }),
  'admin.media.upload': route({ method: 'POST', path: '/api/admin/media', tag: 'admin', summary: 'Uploads one to four product images (multipart: `existingCount`, then the files)', status: 201, access: 'admin', errors: ['IMAGE_TOO_LARGE', 'IMAGE_TYPE_INVALID', 'TOO_MANY_IMAGES', 'UPLOAD_INVALID', 'IMAGE_UPLOAD_FAILED'] }),
  'admin.users.list': route({ method: 'GET', path: '/api/admin/users', tag: 'admin', summary: 'One page of accounts, newest first, searched by name or email; with the total and the matches (counted up to 1,000)', access: 'admin', errors: ['VALIDATION_FAILED'] }),
  'admin.users.get': route({ method: 'GET', path: '/api/admin/users/{id}', tag: 'admin', summary: 'One account: profile, addresses, paid orders and total spent', access: 'admin', errors: ['ACCOUNT_NOT_FOUND'] }),
  'admin.admins.list': route({ method: 'GET', path: '/api/admin/admins', tag: 'admin', summary: 'The admins, newest first', access: 'admin' }),
  'admin.admins.add': route({ method: 'POST', path: '/api/admin/admins', tag: 'admin', summary: 'Makes a registered user an admin', access: 'admin', errors: ['USER_NOT_FOUND', 'ALREADY_ADMIN'] }),
  'admin.admins.remove': route({ method: 'DELETE', path: '/api/admin/admins/{email}', tag: 'admin', summary: 'Takes the admin role away', access: 'admin', errors: ['USER_NOT_FOUND', 'NOT_ADMIN', 'LAST_ADMIN'] }),

  'media.image': route({ method: 'GET', path: '/media/{key}', tag: 'media', summary: 'A stored product image (`key` is `products/<upload>/<variant>.webp` or `demo/<slug>/<variant>.webp`); immutable, long-cached', errors: ['NOT_FOUND', 'IMAGE_LOAD_FAILED'] }),
} as const satisfies Record<string, HttpRoute>;

/** The id of a route of {@link HTTP_ROUTES}, e.g. `'cart.addItem'`. */
export type HttpRouteId = keyof typeof HTTP_ROUTES;

/** The `{name}` placeholders of a path, as a union of names (`never` when it has none). */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;

/** The path parameters of a route, by name. */
export type HttpRouteParams<Id extends HttpRouteId> = { readonly [K in PathParamNames<(typeof HTTP_ROUTES)[Id]['path']>]: string };

/** The arguments of {@link apiPath} after the route id: the parameters when the path has any. */
export type ApiPathArgs<Id extends HttpRouteId> = [PathParamNames<(typeof HTTP_ROUTES)[Id]['path']>] extends [never] ? [params?: undefined] : [params: HttpRouteParams<Id>];

/**
 * The concrete path of a route, each parameter percent-encoded.
 *
 * @example apiPath('cart.updateItem', { id: 'cit_01' }) // '/api/cart/items/cit_01'
 * @param id - The route.
 * @param args - Its path parameters, when it has any.
 * @returns The path to request.
 */
export function apiPath<Id extends HttpRouteId>(id: Id, ...args: ApiPathArgs<Id>): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return HTTP_ROUTES[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath(${id}): missing parameter '${name}'`);
    return encodeURIComponent(value);
  });
}
