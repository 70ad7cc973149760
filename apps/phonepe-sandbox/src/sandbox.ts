import { randomInt } from 'node:crypto';

/**
 * The emulated PhonePe: orders, payment attempts, refunds and tokens in memory, and the
 * pure decisions about them (validation, expiry, what the status APIs report). Every
 * method is synchronous, so on Node's one thread each request sees and changes the state
 * atomically: two concurrent pays of one merchantOrderId cannot both create it, two
 * settles cannot both win.
 */

/** A refusal as PhonePe sends it: HTTP status and `{ code, message }`. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type OrderState = 'PENDING' | 'COMPLETED' | 'FAILED';
/** What a payment can end in: paid, declined, or still waiting (the shopper left). */
export type Outcome = OrderState;

export interface Attempt {
  transactionId: string;
  paymentMode: 'UPI_INTENT';
  timestamp: number;
  amount: number;
  state: OrderState;
  errorCode: string | null;
  detailedErrorCode: string | null;
}

export interface SandboxOrder {
  merchantOrderId: string;
  orderId: string;
  amount: number;
  expireAt: number;
  metaInfo: Record<string, string>;
  message: string | null;
  /** Where the browser goes after the hosted page; PhonePe makes it optional (without it the page shows the outcome). */
  redirectUrl: string | null;
  createdAt: number;
  state: OrderState;
  /** Set once the order expired unpaid. */
  expired: boolean;
  errorCode: string | null;
  detailedErrorCode: string | null;
  attempts: Attempt[];
  /** Control API: the amount status and webhooks report instead of `amount` (amount mismatch). */
  reportedAmount: number | null;
}

export interface SandboxRefund {
  merchantRefundId: string;
  refundId: string;
  originalMerchantOrderId: string;
  amount: number;
  createdAt: number;
  /** PhonePe's id of the refund's own transaction (`OM…`), in its `paymentDetails`. */
  transactionId: string;
  /** The payment mode of the attempt refunded. */
  paymentMode: Attempt['paymentMode'];
  /** When it turns COMPLETED (or FAILED, see `outcome`). */
  completeAt: number;
  /** How it ends once `completeAt` is reached: COMPLETED, or FAILED when the control API's faults said refunds fail. */
  outcome: 'COMPLETED' | 'FAILED';
  /** Whether its end was announced (webhook). */
  announced: boolean;
}

export interface PayRequest {
  merchantOrderId: string;
  amount: number;
  expireAfter: number;
  metaInfo: Record<string, string>;
  message: string | null;
  redirectUrl: string | null;
}

export interface RefundRequest {
  merchantRefundId: string;
  originalMerchantOrderId: string;
  amount: number;
}

/** PhonePe's rule for merchant ids: at most 63 letters, digits, `_` and `-`. */
export const MERCHANT_ID_PATTERN = /^[A-Za-z0-9_-]{1,63}$/;
export const MIN_AMOUNT_PAISE = 100;
export const EXPIRE_AFTER_RANGE = { min: 300, max: 3600 } as const;
/** Used when a pay request does not say (PhonePe's default is unconfirmed). */
export const DEFAULT_EXPIRE_AFTER = 1200;
/** The detailed error code of an order that expired unpaid (category `TXN_NOT_COMPLETED`, PhonePe's error-code table). */
export const EXPIRED_ERROR_CODE = 'TXN_AUTO_FAILED';
/** UPI's "declined by customer": what the hosted page's Decline button records as the detailed code. */
export const DECLINED_ERROR_CODE = 'ZA';

/** What PhonePe's `errorContext` block says about a failure. */
export interface ErrorContext {
  errorCode: string;
  detailedErrorCode: string;
  source: string;
  stage: string;
  description: string;
}

type ErrorFacts = Omit<ErrorContext, 'detailedErrorCode'>;

/**
 * PhonePe's pairs of a detailed code with its category (`errorCode`), stage and source, as
 * its error-code table lists them. `ZA` is not in that table: its category is the sandbox's
 * choice (`PAYMENT_ERROR`, the category PhonePe's samples show for UPI failures).
 */
export const PHONEPE_ERRORS: Readonly<Record<string, ErrorFacts>> = {
  TXN_AUTO_FAILED: { errorCode: 'TXN_NOT_COMPLETED', stage: 'PRE_AUTHENTICATION', source: 'CUSTOMER', description: 'Payment couldn’t be completed due to issues related to customer or their bank.' },
  Z9: { errorCode: 'INSUFFICIENT_BALANCE', stage: 'AUTHORIZATION', source: 'CUSTOMER', description: 'Payment failed due to insufficient balance in customer’s account.' },
  ZM: { errorCode: 'INVALID_MPIN', stage: 'AUTHENTICATION', source: 'CUSTOMER', description: 'Customer entered the wrong UPI PIN.' },
  U90: { errorCode: 'BANK_TECHNICAL_ISSUE', stage: 'AUTHORIZATION', source: 'ISSUING_BANK', description: 'Bank is taking longer than usual to process this payment.' },
  UT: { errorCode: 'BANK_TECHNICAL_ISSUE', stage: 'AUTHORIZATION', source: 'ISSUING_BANK', description: 'Technical issue at the customer’s bank.' },
  ZA: { errorCode: 'PAYMENT_ERROR', stage: 'AUTHORIZATION', source: 'CUSTOMER', description: 'Customer declined the payment in the UPI app.' },
};

/** The category PhonePe reports beside a detailed code; `PAYMENT_ERROR` for codes the table does not list. */
export const errorCategory = (detailedErrorCode: string): string => PHONEPE_ERRORS[detailedErrorCode]?.errorCode ?? 'PAYMENT_ERROR';

/** The `errorContext` block of a failure (`errorContext=true`). */
export function errorContextOf(errorCode: string, detailedErrorCode: string): ErrorContext {
  const facts = PHONEPE_ERRORS[detailedErrorCode];
  return {
    errorCode,
    detailedErrorCode,
    source: facts?.source ?? 'CUSTOMER',
    stage: facts?.stage ?? 'AUTHORIZATION',
    description: facts?.description ?? 'The payment failed.',
  };
}

const bad = (message: string) => new SandboxError(400, 'BAD_REQUEST', message);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Validates a pay body as PhonePe does; throws a 400 {@link SandboxError} naming the field. */
export function validatePay(body: unknown): PayRequest {
  if (!isObject(body)) throw bad('The request body must be a JSON object');
  const { merchantOrderId, amount, expireAfter, metaInfo, paymentFlow } = body;
  if (typeof merchantOrderId !== 'string' || !MERCHANT_ID_PATTERN.test(merchantOrderId)) {
    throw bad('merchantOrderId must be 1 to 63 characters of A-Z, a-z, 0-9, _ and -');
  }
  if (!isInt(amount) || amount < MIN_AMOUNT_PAISE) throw bad(`amount must be a whole number of paise, at least ${MIN_AMOUNT_PAISE}`);
  if (expireAfter !== undefined && (!isInt(expireAfter) || expireAfter < EXPIRE_AFTER_RANGE.min || expireAfter > EXPIRE_AFTER_RANGE.max)) {
    throw bad(`expireAfter must be whole seconds from ${EXPIRE_AFTER_RANGE.min} to ${EXPIRE_AFTER_RANGE.max}`);
  }
  if (metaInfo !== undefined && (!isObject(metaInfo) || Object.entries(metaInfo).some(([k, v]) => !/^udf([1-9]|1[0-5])$/.test(k) || typeof v !== 'string' || v.length > 256))) {
    throw bad('metaInfo may only hold udf1 to udf15, strings of at most 256 characters');
  }
  if (!isObject(paymentFlow) || paymentFlow.type !== 'PG_CHECKOUT') throw bad('paymentFlow.type must be PG_CHECKOUT');
  if (paymentFlow.merchantUrls !== undefined && !isObject(paymentFlow.merchantUrls)) throw bad('paymentFlow.merchantUrls must be an object');
  // Optional, as PhonePe documents it; when given it must be a web address.
  const redirectUrl = isObject(paymentFlow.merchantUrls) ? paymentFlow.merchantUrls.redirectUrl : undefined;
  if (redirectUrl !== undefined && (typeof redirectUrl !== 'string' || !isHttpUrl(redirectUrl))) throw bad('paymentFlow.merchantUrls.redirectUrl must be an http(s) URL');
  if (paymentFlow.message !== undefined && typeof paymentFlow.message !== 'string') throw bad('paymentFlow.message must be a string');
  return {
    merchantOrderId,
    amount,
    expireAfter: (expireAfter as number | undefined) ?? DEFAULT_EXPIRE_AFTER,
    metaInfo: (metaInfo as Record<string, string> | undefined) ?? {},
    message: (paymentFlow.message as string | undefined) ?? null,
    redirectUrl: redirectUrl ?? null,
  };
}

/** Validates a refund body; throws a 400 {@link SandboxError}. */
export function validateRefund(body: unknown): RefundRequest {
  if (!isObject(body)) throw bad('The request body must be a JSON object');
  const { merchantRefundId, originalMerchantOrderId, amount } = body;
  if (typeof merchantRefundId !== 'string' || !MERCHANT_ID_PATTERN.test(merchantRefundId)) throw bad('merchantRefundId must be 1 to 63 characters of A-Z, a-z, 0-9, _ and -');
  if (typeof originalMerchantOrderId !== 'string' || !MERCHANT_ID_PATTERN.test(originalMerchantOrderId)) throw bad('originalMerchantOrderId is not a merchant order id');
  if (!isInt(amount) || amount < MIN_AMOUNT_PAISE) throw bad(`amount must be a whole number of paise, at least ${MIN_AMOUNT_PAISE}`);
  return { merchantRefundId, originalMerchantOrderId, amount };
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `<prefix><yyMMddHHmmss><10 random digits>`, PhonePe's shape of ids (`OMO…`, `OM…`, `OMR…`). */
export function phonePeId(prefix: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(2, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/** Whether an order is waiting past its expiry (it reports as expired from that moment on). */
export const isDue = (order: SandboxOrder, now: number): boolean => order.state === 'PENDING' && now >= order.expireAt;

/**
 * What the caller of Order Status asked for: `details=true` lists every attempt (otherwise
 * only the latest), `errorContext=true` adds the `errorContext` block to a failed order.
 * PhonePe's defaults are false for both.
 */
export interface StatusQuery {
  details?: boolean;
  errorContext?: boolean;
}

/** Everything: what the webhooks and the control API show. */
export const FULL_STATUS: StatusQuery = { details: true, errorContext: true };

/** The Order Status reply (also the webhook payload, with merchant fields added). */
export function orderStatusView(order: SandboxOrder, now: number, expiredState: 'FAILED' | 'EXPIRED', query: StatusQuery = {}) {
  const expired = order.expired || isDue(order, now);
  const amount = order.reportedAmount ?? order.amount;
  const errorCode = expired ? errorCategory(EXPIRED_ERROR_CODE) : order.errorCode;
  const detailedErrorCode = expired ? EXPIRED_ERROR_CODE : order.detailedErrorCode;
  const attempts = query.details ? order.attempts : order.attempts.slice(-1);
  return {
    orderId: order.orderId,
    state: expired ? expiredState : order.state,
    amount,
    expireAt: order.expireAt,
    metaInfo: order.metaInfo,
    ...(errorCode && detailedErrorCode ? { errorCode, detailedErrorCode } : {}),
    ...(query.errorContext && errorCode && detailedErrorCode ? { errorContext: errorContextOf(errorCode, detailedErrorCode) } : {}),
    paymentDetails: attempts.map((a) => attemptView(order, a)),
  };
}

function attemptView(order: SandboxOrder, a: Attempt) {
  return {
    transactionId: a.transactionId,
    paymentMode: a.paymentMode,
    timestamp: a.timestamp,
    amount: order.reportedAmount ?? a.amount,
    state: a.state,
    ...(a.errorCode ? { errorCode: a.errorCode, detailedErrorCode: a.detailedErrorCode } : {}),
  };
}

/**
 * The Transaction Status reply (`/checkout/v2/transaction/{transactionId}/status`): the
 * order of that attempt, with that attempt alone in `paymentDetails`.
 */
export function transactionStatusView(order: SandboxOrder, transactionId: string, merchantId: string, now: number, expiredState: 'FAILED' | 'EXPIRED', query: StatusQuery = {}) {
  const view = orderStatusView(order, now, expiredState, { details: true, errorContext: query.errorContext });
  return {
    merchantId,
    merchantOrderId: order.merchantOrderId,
    ...view,
    paymentDetails: view.paymentDetails.filter((a) => a.transactionId === transactionId),
  };
}

export type RefundState = 'PENDING' | 'COMPLETED' | 'FAILED';

/** PENDING until `completeAt`, then its outcome: COMPLETED, or FAILED when PhonePe refuses it. */
export const refundState = (refund: SandboxRefund, now: number): RefundState => (now >= refund.completeAt ? refund.outcome : 'PENDING');

/** The Refund Status reply (also the refund webhooks' payload, with `merchantId` added): PhonePe lists the refund's own transaction in `paymentDetails`. */
export function refundStatusView(refund: SandboxRefund, now: number, state: RefundState = refundState(refund, now)) {
  return {
    merchantRefundId: refund.merchantRefundId,
    refundId: refund.refundId,
    originalMerchantOrderId: refund.originalMerchantOrderId,
    amount: refund.amount,
    state,
    timestamp: refund.createdAt,
    paymentDetails: [{ transactionId: refund.transactionId, paymentMode: refund.paymentMode, timestamp: refund.createdAt, amount: refund.amount, state }],
  };
}

/** The doubling waits before each further webhook attempt: `base`, `2·base`, `4·base`… */
export const backoffDelays = (retries: number, baseMs: number): number[] => Array.from({ length: retries }, (_, i) => baseMs * 2 ** i);

export interface SettleOptions {
  errorCode?: string;
  detailedErrorCode?: string;
  reportedAmount?: number;
}

export interface Settled {
  order: SandboxOrder;
  /** Whether the state changed (a webhook is due). */
  changed: boolean;
}

/** The in-memory PhonePe. `now` is injectable for specs. */
export class SandboxStore {
  readonly orders = new Map<string, SandboxOrder>();
  private readonly byOrderId = new Map<string, SandboxOrder>();
  private readonly byTransactionId = new Map<string, SandboxOrder>();
  readonly refunds = new Map<string, SandboxRefund>();
  private readonly tokens = new Map<string, number>();

  constructor(
    private readonly options: { tokenTtlSeconds: number; refundDelayMs: number },
    readonly now: () => number = Date.now,
  ) {}

  /** Issues a token; `expires_at` and `issued_at` are epoch seconds, as PhonePe's. */
  issueToken(token: string) {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAt = issuedAt + this.options.tokenTtlSeconds;
    this.tokens.set(token, expiresAt * 1000);
    for (const [t, until] of this.tokens) if (until <= this.now()) this.tokens.delete(t);
    return { issuedAt, expiresAt };
  }

  /** Whether an `Authorization` header carries a live token of ours (`O-Bearer <token>`). */
  authorized(header: string | undefined): boolean {
    const m = /^O-Bearer (\S+)$/.exec(header ?? '');
    const until = m ? this.tokens.get(m[1]) : undefined;
    return until !== undefined && until > this.now();
  }

  /** Control API: every issued token stops working (the client must renew on the 401). */
  revokeTokens(): number {
    const n = this.tokens.size;
    this.tokens.clear();
    return n;
  }

  createOrder(request: PayRequest): SandboxOrder {
    if (this.orders.has(request.merchantOrderId)) {
      throw new SandboxError(409, 'ORDER_ALREADY_EXISTS', `An order with merchantOrderId ${request.merchantOrderId} already exists`);
    }
    const now = this.now();
    const order: SandboxOrder = {
      merchantOrderId: request.merchantOrderId,
      orderId: phonePeId('OMO', now),
      amount: request.amount,
      expireAt: now + request.expireAfter * 1000,
      metaInfo: request.metaInfo,
      message: request.message,
      redirectUrl: request.redirectUrl,
      createdAt: now,
      state: 'PENDING',
      expired: false,
      errorCode: null,
      detailedErrorCode: null,
      attempts: [],
      reportedAmount: null,
    };
    this.orders.set(order.merchantOrderId, order);
    this.byOrderId.set(order.orderId, order);
    return order;
  }

  order(merchantOrderId: string): SandboxOrder {
    const order = this.orders.get(merchantOrderId);
    if (!order) throw new SandboxError(404, 'ORDER_NOT_FOUND', `No order with merchantOrderId ${merchantOrderId}`);
    return order;
  }

  /** The order a payment attempt (`OM…`) belongs to; unknown → 404 `TRANSACTION_NOT_FOUND`. */
  orderOfTransaction(transactionId: string): SandboxOrder {
    const order = this.byTransactionId.get(transactionId);
    if (!order) throw new SandboxError(404, 'TRANSACTION_NOT_FOUND', `No payment attempt with transactionId ${transactionId}`);
    return order;
  }

  /** The order of the hosted page, by PhonePe's own order id. */
  orderByOrderId(orderId: string): SandboxOrder | undefined {
    return this.byOrderId.get(orderId);
  }

  /**
   * The shopper's choice on the hosted page: only a pending, unexpired order changes (the
   * first choice wins; a second tab or a reload changes nothing).
   */
  choose(order: SandboxOrder, outcome: Outcome): Settled {
    if (order.state !== 'PENDING' || order.expired || isDue(order, this.now())) return { order, changed: false };
    return this.settle(order, outcome);
  }

  /**
   * Records an outcome. The control API may settle an order in any state (an expired
   * order completed late, a second attempt after a decline), as PhonePe's own data can.
   */
  settle(order: SandboxOrder, outcome: Outcome, options: SettleOptions = {}): Settled {
    const now = this.now();
    const before = orderStateKey(order);
    // PhonePe pairs a detailed code with its category: ZA (declined) with PAYMENT_ERROR, Z9 with INSUFFICIENT_BALANCE.
    const detailedErrorCode = outcome === 'FAILED' ? (options.detailedErrorCode ?? DECLINED_ERROR_CODE) : null;
    const errorCode = detailedErrorCode ? (options.errorCode ?? errorCategory(detailedErrorCode)) : null;
    const attempt: Attempt = {
      transactionId: phonePeId('OM', now),
      paymentMode: 'UPI_INTENT',
      timestamp: now,
      amount: order.amount,
      state: outcome,
      errorCode,
      detailedErrorCode,
    };
    // A pending attempt (the shopper left the page) is the one that now ends.
    const last = order.attempts.at(-1);
    if (last && last.state === 'PENDING') order.attempts[order.attempts.length - 1] = { ...attempt, transactionId: last.transactionId };
    else order.attempts.push(attempt);
    this.byTransactionId.set(order.attempts.at(-1)!.transactionId, order);
    order.state = outcome;
    order.errorCode = errorCode;
    order.detailedErrorCode = detailedErrorCode;
    if (outcome !== 'PENDING') order.expired = false;
    if (options.reportedAmount !== undefined) order.reportedAmount = options.reportedAmount;
    return { order, changed: orderStateKey(order) !== before };
  }

  /** Marks every order due (pending past its expiry) as expired; returns them (their failure webhooks are due). */
  expireDue(): SandboxOrder[] {
    const now = this.now();
    const due: SandboxOrder[] = [];
    for (const order of this.orders.values()) {
      if (!isDue(order, now) || order.expired) continue;
      this.markExpired(order);
      due.push(order);
    }
    return due;
  }

  /** Control API: the order expires now (a pending one turns expired at once). */
  expireNow(order: SandboxOrder): boolean {
    const now = this.now();
    order.expireAt = Math.min(order.expireAt, now);
    if (order.state !== 'PENDING' || order.expired) return false;
    this.markExpired(order);
    return true;
  }

  private markExpired(order: SandboxOrder) {
    order.expired = true;
    order.state = 'FAILED';
    order.errorCode = errorCategory(EXPIRED_ERROR_CODE);
    order.detailedErrorCode = EXPIRED_ERROR_CODE;
    const last = order.attempts.at(-1);
    if (last && last.state === 'PENDING') Object.assign(last, { state: 'FAILED', errorCode: order.errorCode, detailedErrorCode: EXPIRED_ERROR_CODE });
  }

  /**
   * A refund of a completed order, at most what was taken (the reported amount, when the
   * control API set one) less what was refunded already; a refund that failed gives its
   * amount back. `outcome` FAILED: PhonePe accepts it, then refuses it after the delay.
   */
  createRefund(request: RefundRequest, outcome: SandboxRefund['outcome'] = 'COMPLETED'): SandboxRefund {
    if (this.refunds.has(request.merchantRefundId)) {
      throw new SandboxError(409, 'REFUND_ALREADY_EXISTS', `A refund with merchantRefundId ${request.merchantRefundId} already exists`);
    }
    const order = this.order(request.originalMerchantOrderId);
    if (order.state !== 'COMPLETED') throw new SandboxError(400, 'ORDER_NOT_COMPLETED', 'Only a completed order can be refunded');
    const now = this.now();
    const refunded = [...this.refunds.values()]
      .filter((r) => r.originalMerchantOrderId === order.merchantOrderId && refundState(r, now) !== 'FAILED')
      .reduce((sum, r) => sum + r.amount, 0);
    const taken = order.reportedAmount ?? order.amount;
    if (request.amount > taken - refunded) {
      throw new SandboxError(400, 'REFUND_AMOUNT_EXCEEDED', `At most ${taken - refunded} paise of this order can still be refunded`);
    }
    const refund: SandboxRefund = {
      ...request,
      refundId: phonePeId('OMR', now),
      transactionId: phonePeId('OM', now),
      paymentMode: order.attempts.findLast((a) => a.state === 'COMPLETED')?.paymentMode ?? 'UPI_INTENT',
      createdAt: now,
      completeAt: now + this.options.refundDelayMs,
      outcome,
      announced: false,
    };
    this.refunds.set(refund.merchantRefundId, refund);
    return refund;
  }

  refund(merchantRefundId: string): SandboxRefund {
    const refund = this.refunds.get(merchantRefundId);
    if (!refund) throw new SandboxError(404, 'REFUND_NOT_FOUND', `No refund with merchantRefundId ${merchantRefundId}`);
    return refund;
  }

  /** Refunds that completed or failed since the last call (their `pg.refund.completed` or `pg.refund.failed` webhooks are due). */
  completedRefunds(): SandboxRefund[] {
    const now = this.now();
    const done = [...this.refunds.values()].filter((r) => !r.announced && refundState(r, now) !== 'PENDING');
    for (const r of done) r.announced = true;
    return done;
  }

  reset(): void {
    this.orders.clear();
    this.byOrderId.clear();
    this.byTransactionId.clear();
    this.refunds.clear();
    this.tokens.clear();
  }
}

const orderStateKey = (o: SandboxOrder) => `${o.state}|${o.expired}|${o.errorCode}|${o.reportedAmount}|${o.attempts.length}`;

/** The webhook event of an order's state (none while it is pending). */
export function orderEvent(state: string): { event: string; type: string } | null {
  if (state === 'COMPLETED') return { event: 'checkout.order.completed', type: 'CHECKOUT_ORDER_COMPLETED' };
  if (state === 'FAILED' || state === 'EXPIRED') return { event: 'checkout.order.failed', type: 'CHECKOUT_ORDER_FAILED' };
  return null;
}

/** A refund's webhook event. */
export function refundEvent(state: 'accepted' | 'completed' | 'failed'): { event: string; type: string } {
  return { event: `pg.refund.${state}`, type: `PG_REFUND_${state.toUpperCase()}` };
}
