/**
 * The PhonePe Standard Checkout v2 calls the order service makes (see docs/payments.md).
 * `PhonePeClient` implements it over HTTP against PhonePe (UAT or production) or the
 * sandbox (`apps/phonepe-sandbox`); the checkout saga depends only on this interface.
 *
 * States are kept as opaque strings: PhonePe documents PENDING, COMPLETED and FAILED, and
 * other values (EXPIRED) appear; callers decide with the helpers in `phonepe-states.ts`.
 */
export interface PhonePePayRequest {
  /** Unique, ≤ 63 characters of `A-Za-z0-9_-`. */
  readonly merchantOrderId: string;
  /** Paise, at least 100. */
  readonly amountPaise: number;
  /** Seconds, 300 to 3600. */
  readonly expireAfterSeconds: number;
  /** Where PhonePe sends the shopper back (carries our own merchantOrderId). */
  readonly redirectUrl: string;
  /** Shown by PhonePe on its page. */
  readonly message?: string;
  /** `udf1`…`udf15`, echoed back by status and webhooks. */
  readonly metaInfo?: Readonly<Record<string, string>>;
}

export interface PhonePePayResponse {
  /** PhonePe's own order id (`OMO…`). */
  readonly orderId: string;
  readonly state: string;
  /** Epoch milliseconds. */
  readonly expireAt: number;
  readonly redirectUrl: string;
}

export interface PhonePePaymentAttempt {
  readonly transactionId: string;
  readonly paymentMode: string | null;
  readonly timestamp: number | null;
  readonly amountPaise: number | null;
  readonly state: string;
  readonly errorCode: string | null;
  readonly detailedErrorCode: string | null;
}

export interface PhonePeOrderStatus {
  readonly orderId: string | null;
  readonly state: string;
  readonly amountPaise: number;
  readonly expireAt: number | null;
  readonly errorCode: string | null;
  readonly detailedErrorCode: string | null;
  readonly metaInfo: Readonly<Record<string, string>>;
  readonly paymentDetails: readonly PhonePePaymentAttempt[];
}

export interface PhonePeRefundRequest {
  readonly merchantRefundId: string;
  readonly originalMerchantOrderId: string;
  readonly amountPaise: number;
}

export interface PhonePeRefundStatus {
  readonly refundId: string | null;
  readonly state: string;
  readonly amountPaise: number;
}

/** A webhook body read tolerantly: `event` decides (not `type`), unknown fields are ignored. */
export interface PhonePeWebhook {
  readonly event: string;
  readonly merchantOrderId: string | null;
  readonly merchantRefundId: string | null;
  readonly state: string | null;
}

/**
 * A failed PhonePe call: the HTTP status (0 when PhonePe was not reachable or did not
 * answer in time), PhonePe's `code`/`errorCode` and `message`, and its `data`/`context`
 * object (the facts behind the refusal) when it sent them.
 */
export class PhonePeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly data: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
    this.name = 'PhonePeError';
  }
}

export interface PhonePeGateway {
  pay(request: PhonePePayRequest): Promise<PhonePePayResponse>;
  orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus>;
  refund(request: PhonePeRefundRequest): Promise<PhonePeRefundStatus>;
  refundStatus(merchantRefundId: string): Promise<PhonePeRefundStatus>;
  /** Whether an `Authorization` header equals SHA-256 of the configured `username:password` (constant time). */
  verifyWebhookAuthorization(header: string | undefined): boolean;
  /** Reads a webhook body; null when it is not a PhonePe webhook at all. */
  parseWebhook(body: unknown): PhonePeWebhook | null;
}

/** The Nest injection token of the {@link PhonePeGateway}. */
export const PHONEPE_GATEWAY = Symbol('PHONEPE_GATEWAY');
