import { createHash, timingSafeEqual } from 'node:crypto';
import { exchange, NoAnswer, type HttpAnswer, type HttpRequest } from '@jalaj/server-kit';
import {
  PhonePeError,
  type PhonePeGateway,
  type PhonePeOrderStatus,
  type PhonePePayRequest,
  type PhonePePayResponse,
  type PhonePePaymentAttempt,
  type PhonePeRefundRequest,
  type PhonePeRefundStatus,
  type PhonePeWebhook,
} from './phonepe-gateway.js';

/** Where and as whom the client talks to PhonePe (or the sandbox). */
export interface PhonePeClientOptions {
  /** Payments host, e.g. `https://api-preprod.phonepe.com/apis/pg-sandbox`. */
  readonly baseUrl: string;
  /** Token host; `baseUrl` when unset (UAT and the sandbox). */
  readonly tokenUrl?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clientVersion: number;
  readonly webhookUsername: string;
  readonly webhookPassword: string;
  /** Per request, token requests included, from sending it to the last byte of the answer. Default 10 s. */
  readonly timeoutMs?: number;
  /** Epoch milliseconds; injected in specs. */
  readonly now?: () => number;
}

interface CachedToken {
  readonly accessToken: string;
  /** Epoch ms after which a new token is fetched: half its life. */
  readonly renewAt: number;
}

type Json = Record<string, unknown>;

const DEFAULT_TIMEOUT_MS = 10_000;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** `udf1`…: string values only; anything else PhonePe echoes is dropped. */
function readMetaInfo(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function readAttempt(v: unknown): PhonePePaymentAttempt | null {
  if (!isObject(v)) return null;
  return {
    transactionId: str(v.transactionId) ?? '',
    paymentMode: str(v.paymentMode),
    timestamp: num(v.timestamp),
    amountPaise: num(v.amount),
    state: str(v.state) ?? 'UNKNOWN',
    errorCode: str(v.errorCode),
    detailedErrorCode: str(v.detailedErrorCode),
  };
}

/** An Order Status reply (or a webhook payload) read tolerantly: unknown fields are ignored, states stay opaque. */
export function readOrderStatus(body: Json): PhonePeOrderStatus {
  return {
    orderId: str(body.orderId),
    state: str(body.state) ?? 'UNKNOWN',
    amountPaise: num(body.amount) ?? 0,
    expireAt: num(body.expireAt),
    errorCode: str(body.errorCode),
    detailedErrorCode: str(body.detailedErrorCode),
    metaInfo: readMetaInfo(body.metaInfo),
    paymentDetails: (Array.isArray(body.paymentDetails) ? body.paymentDetails : []).map(readAttempt).filter((a): a is PhonePePaymentAttempt => a !== null),
  };
}

function readRefund(body: Json): PhonePeRefundStatus {
  return { refundId: str(body.refundId), state: str(body.state) ?? 'UNKNOWN', amountPaise: num(body.amount) ?? 0 };
}

/** Lowercase hex SHA-256 of `username:password`: what PhonePe sends as a webhook's `Authorization`. */
export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

/**
 * Whether `header` equals the expected authorization, in constant time: both sides are
 * hashed to 32 bytes first, so neither the content nor the length leaks through timing.
 */
export function authorizationMatches(header: string | undefined, expected: string): boolean {
  if (typeof header !== 'string' || header.length === 0) return false;
  const a = createHash('sha256').update(header.trim().toLowerCase()).digest();
  const b = createHash('sha256').update(expected).digest();
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads a webhook body tolerantly; null when it is not an object with a string `event`. */
export function parsePhonePeWebhook(body: unknown): PhonePeWebhook | null {
  if (!isObject(body) || typeof body.event !== 'string' || body.event.length === 0) return null;
  const payload = isObject(body.payload) ? body.payload : {};
  return {
    event: body.event,
    merchantOrderId: str(payload.merchantOrderId) ?? str(payload.originalMerchantOrderId),
    merchantRefundId: str(payload.merchantRefundId),
    state: str(payload.state),
  };
}

/**
 * The PhonePe Standard Checkout v2 client (see docs/payments.md): OAuth client credentials
 * with the token cached until half its life has passed (concurrent callers share one token
 * request) and renewed once on a 401, pay, order status, refund and refund status over
 * undici's `request()` (the kit's `exchange`, ADR 089). Replies are read tolerantly; every
 * failure is a {@link PhonePeError} (status 0 when PhonePe was unreachable or too slow).
 */
export class PhonePeClient implements PhonePeGateway {
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly expectedAuthorization: string;
  private token: CachedToken | null = null;
  private tokenRequest: Promise<CachedToken> | null = null;

  constructor(private readonly options: PhonePeClientOptions) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.expectedAuthorization = webhookAuthorization(options.webhookUsername, options.webhookPassword);
  }

  async pay(request: PhonePePayRequest): Promise<PhonePePayResponse> {
    const body = await this.call('POST', '/checkout/v2/pay', {
      merchantOrderId: request.merchantOrderId,
      amount: request.amountPaise,
      expireAfter: request.expireAfterSeconds,
      ...(request.metaInfo ? { metaInfo: request.metaInfo } : {}),
      paymentFlow: {
        type: 'PG_CHECKOUT',
        ...(request.message ? { message: request.message } : {}),
        merchantUrls: { redirectUrl: request.redirectUrl },
      },
    });
    const redirectUrl = str(body.redirectUrl);
    if (!redirectUrl) throw new PhonePeError(502, 'INVALID_RESPONSE', 'PhonePe answered the payment without a redirectUrl');
    return { orderId: str(body.orderId) ?? '', state: str(body.state) ?? 'PENDING', expireAt: num(body.expireAt) ?? 0, redirectUrl };
  }

  async orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus> {
    return readOrderStatus(await this.call('GET', `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false&errorContext=true`));
  }

  async refund(request: PhonePeRefundRequest): Promise<PhonePeRefundStatus> {
    return readRefund(
      await this.call('POST', '/payments/v2/refund', {
        merchantRefundId: request.merchantRefundId,
        originalMerchantOrderId: request.originalMerchantOrderId,
        amount: request.amountPaise,
      }),
    );
  }

  async refundStatus(merchantRefundId: string): Promise<PhonePeRefundStatus> {
    return readRefund(await this.call('GET', `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`));
  }

  verifyWebhookAuthorization(header: string | undefined): boolean {
    return authorizationMatches(header, this.expectedAuthorization);
  }

  parseWebhook(body: unknown): PhonePeWebhook | null {
    return parsePhonePeWebhook(body);
  }

  /** An API call with the current token; on a 401 the token is renewed and the call made once more. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    let token = await this.accessToken();
    let response = await this.sendApi(method, path, token, body);
    if (response.status === 401) {
      this.forget(token);
      token = await this.accessToken();
      response = await this.sendApi(method, path, token, body);
    }
    return this.readReply(response);
  }

  private sendApi(method: string, path: string, token: CachedToken, body: unknown): Promise<HttpAnswer> {
    return this.request(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `O-Bearer ${token.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** The cached token while less than half its life has passed; otherwise one shared request for a new one. */
  private accessToken(): Promise<CachedToken> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token);
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  /** Drops the token a call was refused with (unless a newer one replaced it meanwhile). */
  private forget(token: CachedToken): void {
    if (this.token === token) this.token = null;
  }

  private async fetchToken(): Promise<CachedToken> {
    const base = (this.options.tokenUrl ?? this.options.baseUrl).replace(/\/+$/, '');
    const form = new URLSearchParams({
      client_id: this.options.clientId,
      client_version: String(this.options.clientVersion),
      client_secret: this.options.clientSecret,
      grant_type: 'client_credentials',
    });
    const response = await this.request(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const body = this.readReply(response);
    const accessToken = str(body.access_token);
    const expiresAt = num(body.expires_at);
    if (!accessToken || expiresAt === null) throw new PhonePeError(502, 'INVALID_RESPONSE', 'PhonePe answered the token request without access_token and expires_at');
    const now = this.now();
    // Seconds since the epoch; issued_at is "now" when missing or in the future of our clock.
    const issuedAt = Math.min(num(body.issued_at) ?? now / 1000, now / 1000);
    const renewAt = ((issuedAt + expiresAt) / 2) * 1000;
    this.token = { accessToken, renewAt };
    return this.token;
  }

  /**
   * The request and its whole answer within the timeout (the kit's `exchange`: its timer
   * covers reading the body too); no answer (unreachable, broken off, too slow) becomes
   * `PhonePeError(0, …)`.
   */
  private async request(url: string, init: HttpRequest): Promise<HttpAnswer> {
    try {
      return await exchange(url, init, this.timeoutMs);
    } catch (e) {
      if (!(e instanceof NoAnswer)) throw e;
      throw new PhonePeError(0, null, e.timedOut ? `PhonePe did not answer within ${this.timeoutMs} ms` : `PhonePe is not reachable: ${e.message}`);
    }
  }

  /** The JSON object of a 2xx reply; anything else becomes a {@link PhonePeError} with PhonePe's code and message. */
  private readReply(response: HttpAnswer): Json {
    const { text } = response;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (response.status < 200 || response.status > 299) {
      const b = isObject(body) ? body : {};
      const data = isObject(b.data) ? b.data : isObject(b.context) ? b.context : null;
      throw new PhonePeError(response.status, str(b.code) ?? str(b.errorCode), str(b.message) ?? `PhonePe answered HTTP ${response.status}`, data);
    }
    if (!isObject(body)) throw new PhonePeError(502, 'INVALID_RESPONSE', 'PhonePe answered with something that is not a JSON object');
    return body;
  }
}

/** The gateway when PhonePe is not configured (outside production): every call fails, no webhook is accepted. */
export class UnconfiguredPhonePe implements PhonePeGateway {
  private fail(): never {
    throw new PhonePeError(0, 'NOT_CONFIGURED', 'PhonePe is not configured');
  }
  async pay(): Promise<PhonePePayResponse> {
    return this.fail();
  }
  async orderStatus(): Promise<PhonePeOrderStatus> {
    return this.fail();
  }
  async refund(): Promise<PhonePeRefundStatus> {
    return this.fail();
  }
  async refundStatus(): Promise<PhonePeRefundStatus> {
    return this.fail();
  }
  verifyWebhookAuthorization(): boolean {
    return false;
  }
  parseWebhook(body: unknown): PhonePeWebhook | null {
    return parsePhonePeWebhook(body);
  }
}
