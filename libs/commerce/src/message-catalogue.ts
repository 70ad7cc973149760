import { addedToCartMessage, CART_MESSAGES, cartUpdatedMessage, insufficientStockMessage } from './cart-rules.js';
import { CHECKOUT_MESSAGES } from './checkout.js';
import { HOLD_MESSAGES } from './checkout-holds.js';
import { INVALID_POSTAL_CODE_MESSAGE } from './shipping.js';
import { formatRupees } from './format.js';
import { ADMIN_ACCESS_REQUIRED_MESSAGE, NO_ORDERS_SELECTED_MESSAGE, ORDER_MESSAGES, ORDER_NOT_FOUND_MESSAGE, orderDeletedMessage, orderNumber, ordersDeletedMessage, orderRestoredMessage } from './orders.js';
import { claimApprovedText, claimQuantityText, claimWindowClosedText, GUARANTEE_MESSAGES } from './guarantee.js';
import { IMAGE_MESSAGES } from './product-rules.js';
import { STOCK_ALERT_MESSAGES } from './stock-alerts.js';

/**
 * One entry of the catalogue: the toast title (when the code has one) and the text,
 * each either fixed or a function of the code's data.
 */
export interface CatalogueEntry<D = object> {
  /** The short toast title, e.g. 'Insufficient Stock'. */
  readonly title?: string | ((data: D) => string);
  /** The user-facing text, word for word from the spec where the spec has one. */
  readonly text: string | ((data: D) => string);
}

const entry = <D = object>(e: CatalogueEntry<D>): CatalogueEntry<D> => e;

/** Prefixes a product's name when the refusal names one (checkout reserves several products at once). */
const named = (productName: string | undefined, text: string) => (productName ? `${productName}: ${text}` : text);

/** Texts of the account pages and the identity service (spec §5, §8), word for word. */
export const IDENTITY_MESSAGES = Object.freeze({
  alreadyRegistered: 'User already registered',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  invalidConfirmLink: 'This confirmation link is invalid or has expired.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
  accountCreated: 'Please check your email to verify your account.',
  emailConfirmedTitle: 'Email confirmed',
  emailConfirmed: 'Your email is confirmed. Please sign in to start shopping.',
  resetSent: 'Please check your email for password reset instructions.',
  passwordUpdated: 'Your password has been successfully updated.',
  otpSent: 'Please check your phone for the verification code.',
  invalidOtp: 'The verification code is invalid or has expired.',
  invalidPhone: 'Please enter a valid 10-digit mobile number.',
});

/** Texts of the Admins tab and the role changes behind it (spec §8, Admin: admins), word for word. */
export const ADMIN_MESSAGES = Object.freeze({
  notFound: 'User not found with that email address',
  alreadyAdmin: 'User is already an admin',
  notAdmin: 'User is not an admin',
  added: 'Successfully made the given email an admin',
  removed: 'Successfully removed admin role from the given email',
  lastAdmin: 'Cannot remove the last admin. Make another user an admin first.',
  addFailed: 'Failed to add admin',
  removeFailed: 'Failed to remove admin',
  listFailed: 'Failed to list admin users',
});

/** Texts of the product changes of the Products tab (spec §8, Admin: products), word for word. */
export const PRODUCT_MESSAGES = Object.freeze({
  notFound: 'Product not found',
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
  createFailed: 'Failed to create product',
  updateFailed: 'Failed to update product',
  deleteFailed: 'Failed to delete product',
  /** Issue #38: a save over a product that changed after the form loaded it. */
  changedTitle: 'Product changed',
  changed: 'This product changed since you opened it',
  /** Shown with {@link PRODUCT_MESSAGES.changed} in the form, which now holds the product as it is. */
  changedReloaded: 'The form now shows its current values. Your changes were not saved: make them again, then save.',
});

/**
 * Issue #38: a save whose stock change would take the stock below 0 (sales since the form
 * loaded it left less than the save takes away).
 */
export const stockBelowZeroText = (stockQuantity: number, change: number) =>
  `Stock cannot go below 0: ${stockQuantity} in stock now, and this change takes away ${-change}.`;

/**
 * Issue #38: after a save, when sales changed the stock while the form was open: the stock
 * it was saved at, as the form's change was applied to the stock as it was at the save.
 */
export const stockSavedText = (saved: number, typed: number, loaded: number) => {
  const change = typed - loaded;
  // Positive: sold meanwhile; negative: given back (a released hold).
  const moved = loaded + change - saved;
  const meanwhile = moved > 0 ? `${moved} sold while you edited` : `${-moved} came back to stock while you edited`;
  const applied = change === 0 ? 'and you left it unchanged' : `and your change of ${change > 0 ? '+' : ''}${change} was applied`;
  return `Stock is now ${saved}: ${meanwhile}, ${applied}.`;
};

// Why the BFF could not take an image upload (`UPLOAD_INVALID`'s `reason`).
const UPLOAD_INVALID_TEXTS = {
  'not-multipart': 'Send the images as multipart/form-data.',
  unreadable: 'The upload could not be read.',
  empty: 'Choose at least one image.',
} as const;

/** The text shown for a failure nobody could foresee (and the fallback of every screen). */
export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred';

/**
 * The one catalogue of user-facing texts, keyed by the codes of `@jalaj/contracts`
 * (`ERROR_DATA` and `NOTICE_DATA`): services send a code and its data, and the BFF's
 * problem responses and both web apps turn it into these words (ADR 013). The data
 * types here mirror the contracts' schemas; a BFF spec checks that every code has an
 * entry that renders its contract fixture.
 */
export const MESSAGE_CATALOGUE = {
  // Generic codes.
  VALIDATION_FAILED: entry({ text: 'The request is not valid.' }),
  INVALID_TOKEN: entry({ text: 'This link or code is invalid or has expired.' }),
  NOT_FOUND: entry({ text: 'Not found' }),
  UNAUTHENTICATED: entry({ text: IDENTITY_MESSAGES.signInRequired }),
  FORBIDDEN: entry({ text: 'You are not allowed to do this.' }),
  CONFLICT: entry({ text: 'This changed meanwhile. Please try again.' }),
  RATE_LIMITED: entry({ title: 'Too many attempts', text: 'Too many attempts. Please wait a few minutes and try again.' }),
  UNAVAILABLE: entry({ text: 'The shop is unavailable right now. Please try again shortly.' }),
  INTERNAL: entry({ text: UNEXPECTED_ERROR_TEXT }),
  OUTCOME_UNKNOWN: entry({
    text: 'The shop did not answer in time, so we cannot tell whether your change was made. Please check before trying again.',
  }),
  IDEMPOTENCY_CONFLICT: entry({ text: 'This Idempotency-Key was already used for a different request.' }),
  PAYLOAD_TOO_LARGE: entry({ text: 'The request is too large.' }),
  // Every body the BFF takes is JSON (the image upload's multipart has UPLOAD_INVALID of its own).
  UNSUPPORTED_MEDIA_TYPE: entry({ text: 'Send the request body as JSON (application/json).' }),
  URI_TOO_LONG: entry({ text: 'The address is too long.' }),
  // Requests the BFF's guards and HTTP server refuse before any route runs.
  CROSS_SITE_REQUEST: entry({ text: 'Cross-site requests are not allowed.' }),
  HEADERS_TOO_LARGE: entry({ text: 'The request headers are too large.' }),
  REQUEST_TIMEOUT: entry({ text: 'The request took too long.' }),
  // Stock and cart (spec §4, §8).
  OUT_OF_STOCK: entry<{ productName?: string }>({
    title: CART_MESSAGES.outOfStockTitle,
    text: (d) => named(d.productName, CART_MESSAGES.outOfStockText),
  }),
  INSUFFICIENT_STOCK: entry<{ available: number; inCart: number; productName?: string }>({
    title: CART_MESSAGES.insufficientStockTitle,
    text: (d) => named(d.productName, insufficientStockMessage(d.available, d.inCart)),
  }),
  INVALID_QUANTITY: entry({ title: CART_MESSAGES.invalidQuantityTitle, text: CART_MESSAGES.invalidQuantityText }),
  CART_LINE_NOT_FOUND: entry({ text: 'Item not found in your cart' }),
  CART_ADD_FAILED: entry({ title: CART_MESSAGES.errorTitle, text: CART_MESSAGES.addFailedText }),
  // Identity.
  SESSION_ENDED: entry({ text: IDENTITY_MESSAGES.sessionEnded }),
  INVALID_CREDENTIALS: entry({ text: IDENTITY_MESSAGES.invalidCredentials }),
  EMAIL_NOT_CONFIRMED: entry({ text: IDENTITY_MESSAGES.emailNotConfirmed }),
  EMAIL_TAKEN: entry({ text: IDENTITY_MESSAGES.alreadyRegistered }),
  CONFIRM_LINK_INVALID: entry({ text: IDENTITY_MESSAGES.invalidConfirmLink }),
  RESET_LINK_INVALID: entry({ title: 'Invalid Reset Link', text: IDENTITY_MESSAGES.invalidResetLink }),
  OTP_INVALID: entry({ text: IDENTITY_MESSAGES.invalidOtp }),
  PHONE_INVALID: entry({ text: IDENTITY_MESSAGES.invalidPhone }),
  PROFILE_NOT_FOUND: entry<{ action: 'load' | 'update' }>({
    text: (d) => (d.action === 'load' ? 'Failed to load profile' : 'Failed to update profile'),
  }),
  // Admin.
  ADMIN_REQUIRED: entry({ text: ADMIN_ACCESS_REQUIRED_MESSAGE }),
  USER_NOT_FOUND: entry({ text: ADMIN_MESSAGES.notFound }),
  ACCOUNT_NOT_FOUND: entry({ text: 'User not found' }),
  ALREADY_ADMIN: entry({ text: ADMIN_MESSAGES.alreadyAdmin }),
  NOT_ADMIN: entry({ text: ADMIN_MESSAGES.notAdmin }),
  LAST_ADMIN: entry({ text: ADMIN_MESSAGES.lastAdmin }),
  // Addresses.
  ADDRESS_NOT_FOUND: entry({ text: 'Address not found' }),
  DEFAULT_ADDRESS_FAILED: entry<{ kind: 'shipping' | 'billing' }>({
    text: (d) => (d.kind === 'shipping' ? 'Failed to set default shipping address' : 'Failed to set default billing address'),
  }),
  // Products and images.
  PRODUCT_NOT_FOUND: entry({ text: PRODUCT_MESSAGES.notFound }),
  PRODUCT_INVALID: entry<{ action: 'create' | 'update' }>({
    text: (d) => (d.action === 'create' ? PRODUCT_MESSAGES.createFailed : PRODUCT_MESSAGES.updateFailed),
  }),
  PRODUCT_CHANGED: entry({ title: PRODUCT_MESSAGES.changedTitle, text: PRODUCT_MESSAGES.changed }),
  PRODUCT_STOCK_BELOW_ZERO: entry<{ stockQuantity: number; change: number }>({
    title: PRODUCT_MESSAGES.updateFailed,
    text: (d) => stockBelowZeroText(d.stockQuantity, d.change),
  }),
  PRODUCT_IN_STOCK: entry({ title: STOCK_ALERT_MESSAGES.inStockTitle, text: STOCK_ALERT_MESSAGES.inStockText }),
  IMAGE_TOO_LARGE: entry({ title: IMAGE_MESSAGES.tooLargeTitle, text: IMAGE_MESSAGES.tooLargeText }),
  IMAGE_TYPE_INVALID: entry({ title: IMAGE_MESSAGES.invalidTypeTitle, text: IMAGE_MESSAGES.invalidTypeText }),
  TOO_MANY_IMAGES: entry({ title: IMAGE_MESSAGES.tooManyTitle, text: IMAGE_MESSAGES.tooManyText }),
  UPLOAD_INVALID: entry<{ reason: 'not-multipart' | 'unreadable' | 'empty' }>({
    text: (d) => UPLOAD_INVALID_TEXTS[d.reason],
  }),
  // Spec §8, Admin: products: the summary toast of a failed batch of uploads.
  IMAGE_UPLOAD_FAILED: entry({ title: 'Upload failed', text: 'Failed to upload one or more images' }),
  IMAGE_LOAD_FAILED: entry({ text: 'Failed to load the image' }),
  // Payments (checkout; the spec names only the failure page's title).
  PAYMENT_DECLINED: entry<{ reason?: string }>({ title: 'Payment Failed', text: (d) => d.reason ?? 'Your payment was declined.' }),
  PAYMENT_PENDING: entry({ title: 'Payment Pending', text: 'Your payment is being confirmed. We will update your order shortly.' }),
  AMOUNT_MISMATCH: entry({ title: 'Payment Failed', text: 'The amount paid does not match the order total.' }),
  // Spec §5 Payment start is blocked when…, §5 Shipping calculation, §8 Payment.
  CART_EMPTY: entry({ title: CHECKOUT_MESSAGES.cartEmptyTitle, text: CHECKOUT_MESSAGES.cartEmptyText }),
  SHIPPING_ADDRESS_REQUIRED: entry({ title: CHECKOUT_MESSAGES.shippingAddressRequiredTitle, text: CHECKOUT_MESSAGES.shippingAddressRequiredText }),
  BILLING_ADDRESS_REQUIRED: entry({ title: CHECKOUT_MESSAGES.billingAddressRequiredTitle, text: CHECKOUT_MESSAGES.billingAddressRequiredText }),
  INVALID_POSTAL_CODE: entry({ text: INVALID_POSTAL_CODE_MESSAGE }),
  PAYMENT_INIT_FAILED: entry<{ reason?: string }>({ title: CHECKOUT_MESSAGES.paymentErrorTitle, text: (d) => d.reason ?? CHECKOUT_MESSAGES.paymentErrorFallback }),
  // What an unpaid checkout may hold (ADR 073; the shop's own texts).
  UNITS_LIMIT: entry<{ productName: string; max: number }>({ title: HOLD_MESSAGES.limitTitle, text: (d) => HOLD_MESSAGES.unitsLimit(d.productName, d.max) }),
  HOLD_LIMIT: entry<{ productName: string; holdable: number; stock: number }>({
    title: HOLD_MESSAGES.limitTitle,
    text: (d) => HOLD_MESSAGES.shareLimit(d.productName, d.holdable, d.stock),
  }),
  PAYMENTS_LIMIT: entry<{ max: number; until: string | null }>({
    title: HOLD_MESSAGES.limitTitle,
    text: (d) => HOLD_MESSAGES.paymentsLimit(d.max, d.until ? new Date(d.until) : null),
  }),
  // Orders (spec §8 Admin: orders; the rest are the Orders tab's own).
  ORDER_NOT_FOUND: entry({ title: ORDER_MESSAGES.errorTitle, text: ORDER_NOT_FOUND_MESSAGE }),
  NO_ORDERS_SELECTED: entry({ title: ORDER_MESSAGES.errorTitle, text: NO_ORDERS_SELECTED_MESSAGE }),
  BILL_NOT_ISSUED: entry({ text: ORDER_MESSAGES.billNotIssued }),
  FULFILMENT_NOT_ALLOWED: entry<{ from: string | null; to: string }>({
    title: ORDER_MESSAGES.errorTitle,
    text: (d) => `This order cannot be marked ${d.to}${d.from ? ` (it is ${d.from})` : ' before it is paid'}.`,
  }),
  TRACKING_REQUIRED: entry({ title: ORDER_MESSAGES.errorTitle, text: ORDER_MESSAGES.trackingRequired }),
  REFUND_NOT_ALLOWED: entry<{ reason: 'not-paid' | 'already-refunded' }>({
    title: ORDER_MESSAGES.errorTitle,
    text: (d) => (d.reason === 'not-paid' ? ORDER_MESSAGES.refundNotPaid : ORDER_MESSAGES.alreadyRefunded),
  }),
  REFUND_AMOUNT_INVALID: entry<{ maxPaise: number }>({
    title: ORDER_MESSAGES.errorTitle,
    text: (d) => `The refund must be between ${formatRupees(100)} and ${formatRupees(d.maxPaise)}.`,
  }),
  // Needs attention (issue #42; the shop's own texts).
  DECISION_TAKEN: entry({ title: ORDER_MESSAGES.errorTitle, text: 'This no longer waits for a decision: another admin has settled it. The order shows what was done.' }),
  PAYMENT_NOT_ENOUGH: entry<{ totalPaise: number; reportedPaise: number }>({
    title: ORDER_MESSAGES.errorTitle,
    text: (d) => `PhonePe took ${formatRupees(d.reportedPaise)}, less than the order's ${formatRupees(d.totalPaise)}: it cannot be accepted. Refund it in full instead.`,
  }),
  REFUND_NOT_FOUND: entry({ title: ORDER_MESSAGES.errorTitle, text: 'This order has no such refund.' }),
  // Guarantee claims (issue #41; the shop's own texts).
  CLAIM_WINDOW_CLOSED: entry<{ lastDay: string | null }>({ title: GUARANTEE_MESSAGES.errorTitle, text: (d) => claimWindowClosedText(d.lastDay) }),
  CLAIM_LINE_UNDER_REVIEW: entry<{ productName: string }>({
    title: GUARANTEE_MESSAGES.errorTitle,
    text: (d) => `A claim for ${d.productName} is under review already: wait for our decision before claiming it again.`,
  }),
  CLAIM_QUANTITY_INVALID: entry<{ productName: string | null; max: number }>({ title: GUARANTEE_MESSAGES.errorTitle, text: (d) => claimQuantityText(d.productName, d.max) }),
  CLAIM_PHOTOS_INVALID: entry({ title: GUARANTEE_MESSAGES.errorTitle, text: GUARANTEE_MESSAGES.photosRequired }),
  CLAIM_NOT_FOUND: entry({ title: GUARANTEE_MESSAGES.errorTitle, text: GUARANTEE_MESSAGES.notFound }),
  CLAIM_ALREADY_DECIDED: entry<{ state: 'approved' | 'declined' }>({ title: GUARANTEE_MESSAGES.errorTitle, text: (d) => `${GUARANTEE_MESSAGES.alreadyDecided} It was ${d.state}.` }),
  // Success notices.
  CART_ITEM_ADDED: entry<{ quantity: number }>({ title: CART_MESSAGES.addedTitle, text: (d) => addedToCartMessage(d.quantity) }),
  CART_LINE_INCREASED: entry<{ quantity: number }>({ title: CART_MESSAGES.updatedTitle, text: (d) => cartUpdatedMessage(d.quantity) }),
  CART_QUANTITY_UPDATED: entry<{ quantity: number }>({ title: CART_MESSAGES.updatedTitle, text: (d) => `Quantity updated to ${d.quantity}` }),
  CART_ITEM_REMOVED: entry({ title: CART_MESSAGES.removedTitle, text: CART_MESSAGES.removedText }),
  CART_CLEARED: entry({ title: CART_MESSAGES.clearedTitle, text: CART_MESSAGES.clearedText }),
  RESET_EMAIL_SENT: entry({ title: 'Reset link sent!', text: IDENTITY_MESSAGES.resetSent }),
  EMAIL_CONFIRMED: entry({ title: IDENTITY_MESSAGES.emailConfirmedTitle, text: IDENTITY_MESSAGES.emailConfirmed }),
  PASSWORD_UPDATED: entry({ title: 'Password Updated!', text: IDENTITY_MESSAGES.passwordUpdated }),
  OTP_SENT: entry({ text: IDENTITY_MESSAGES.otpSent }),
  ADMIN_ADDED: entry({ text: ADMIN_MESSAGES.added }),
  ADMIN_REMOVED: entry({ text: ADMIN_MESSAGES.removed }),
  ORDER_ARCHIVED: entry<{ lineCount: number; merchantOrderId: string }>({ title: ORDER_MESSAGES.deletedTitle, text: (d) => orderDeletedMessage(d.lineCount, d.merchantOrderId) }),
  ORDERS_ARCHIVED: entry<{ count: number }>({ title: ORDER_MESSAGES.bulkDeletedTitle, text: (d) => ordersDeletedMessage(d.count) }),
  ORDER_RESTORED: entry<{ merchantOrderId: string }>({ title: ORDER_MESSAGES.restoredTitle, text: (d) => orderRestoredMessage(d.merchantOrderId) }),
  FULFILMENT_UPDATED: entry<{ status: string }>({ title: ORDER_MESSAGES.updatedTitle, text: (d) => `The order is marked ${d.status}.` }),
  REFUND_STARTED: entry<{ amountPaise: number }>({ title: ORDER_MESSAGES.refundStartedTitle, text: (d) => `A refund of ${formatRupees(d.amountPaise)} is on its way to the customer.` }),
  PAYMENT_ACCEPTED: entry<{ amountPaise: number }>({ title: 'Payment accepted', text: (d) => `The ${formatRupees(d.amountPaise)} PhonePe took is accepted: the order is paid and the customer is mailed.` }),
  HELD_REFUNDED: entry<{ amountPaise: number }>({ title: ORDER_MESSAGES.refundStartedTitle, text: (d) => `All ${formatRupees(d.amountPaise)} PhonePe took is on its way back to the customer.` }),
  REFUND_RETRIED: entry<{ amountPaise: number }>({ title: 'Refund asked again', text: (d) => `PhonePe is asked again for the refund of ${formatRupees(d.amountPaise)}.` }),
  REFUND_SETTLED: entry<{ amountPaise: number }>({ title: 'Refund settled', text: (d) => `The refund of ${formatRupees(d.amountPaise)} is marked settled outside the shop.` }),
  CLAIM_FILED: entry({ title: GUARANTEE_MESSAGES.filedTitle, text: GUARANTEE_MESSAGES.filedText }),
  CLAIM_APPROVED: entry<{ merchantOrderId: string }>({ title: GUARANTEE_MESSAGES.approvedTitle, text: (d) => claimApprovedText(orderNumber(d.merchantOrderId)) }),
  CLAIM_DECLINED: entry({ title: GUARANTEE_MESSAGES.declinedTitle, text: GUARANTEE_MESSAGES.declinedText }),
} as const;

/** A code of the catalogue: every error code and every notice code of the contracts. */
export type CatalogueCode = keyof typeof MESSAGE_CATALOGUE;

/** The data the entry of `C` renders from. */
export type CatalogueData<C extends CatalogueCode> = (typeof MESSAGE_CATALOGUE)[C] extends CatalogueEntry<infer D> ? D : never;

/** A rendered entry: the toast title (when the code has one) and the text. */
export interface RenderedMessage {
  readonly title?: string;
  readonly message: string;
}

/**
 * Whether a value is a code of the catalogue (a web app may receive codes it does not know yet).
 *
 * @param code - Anything, typically `ApiError.code`.
 * @returns `true` when the catalogue has an entry for it.
 */
export function isCatalogueCode(code: unknown): code is CatalogueCode {
  return typeof code === 'string' && Object.hasOwn(MESSAGE_CATALOGUE, code);
}

/**
 * Renders a code with its data into the catalogue's title and text.
 *
 * @param code - An error or notice code.
 * @param data - The data the code carries (omit for codes without data).
 * @returns The title (when the code has one) and the text.
 * @example renderMessage('INSUFFICIENT_STOCK', { available: 3, inCart: 2 }).message
 *   // 'Only 3 items available. You already have 2 in cart.'
 */
export function renderMessage<C extends CatalogueCode>(code: C, data?: CatalogueData<C>): RenderedMessage {
  const e = MESSAGE_CATALOGUE[code] as CatalogueEntry<CatalogueData<C>>;
  const facts = (data ?? {}) as CatalogueData<C>;
  const title = typeof e.title === 'function' ? e.title(facts) : e.title;
  const message = typeof e.text === 'function' ? e.text(facts) : e.text;
  return title === undefined ? { message } : { title, message };
}

/**
 * Renders a code that arrived over the wire, whose data has not been checked against
 * the code's type; `undefined` for a code the catalogue does not know.
 *
 * @param code - The received code.
 * @param data - The received data, if any.
 * @returns The rendered message, or `undefined`.
 */
export function renderReceived(code: unknown, data?: unknown): RenderedMessage | undefined {
  if (!isCatalogueCode(code)) return undefined;
  try {
    return renderMessage(code, (typeof data === 'object' && data !== null ? data : {}) as never);
  } catch {
    // Data from an older or newer sender may lack a field a text needs: the code's
    // fixed text is still better than nothing.
    return undefined;
  }
}
