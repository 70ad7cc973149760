import { randomBytes } from 'node:crypto';
import { fastify, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { sandboxExpireSchema, sandboxFaultsSchema, sandboxResendSchema, sandboxSettleSchema, type SandboxCall, type SandboxFaults, type SandboxOrderView, type SandboxWebhookMode } from '@jalaj/contracts';
import { metricsRegistry } from '@jalaj/server-kit';
import type { SandboxConfig } from './config.js';
import { closedPage, notFoundPage, PAGE_CSP, paymentPage } from './hosted-page.js';
import {
  FULL_STATUS,
  orderEvent,
  orderStatusView,
  refundEvent,
  refundStatusView,
  SandboxError,
  SandboxStore,
  transactionStatusView,
  validatePay,
  validateRefund,
  type Outcome,
  type SandboxOrder,
  type SandboxRefund,
  type StatusQuery,
} from './sandbox.js';
import { NORMAL_DISPATCH, WebhookSender, webhookAuthorization, type Dispatch } from './webhooks.js';

const MAX_CALLS = 2000;
/** The hosted page's "expires at" time, India time (one formatter, made once). */
const expiryFormat = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const SWEEP_MS = 500;

/** PhonePe's own API (what the merchant's server calls), as opposed to the hosted page and the control API. */
const isPhonePeApi = (url: string) => /^\/(v1\/oauth\/token|checkout\/v2\/|payments\/v2\/)/.test(url);

/**
 * `?details=true&errorContext=true`: anything but `true` is PhonePe's default, false. A
 * repeated parameter counts once (PhonePe's Node SDK sends `details` twice).
 */
const statusQuery = (query: unknown): StatusQuery => {
  const q = (query ?? {}) as Record<string, unknown>;
  const flag = (v: unknown) => (Array.isArray(v) ? v[0] : v) === 'true';
  return { details: flag(q.details), errorContext: flag(q.errorContext) };
};

const dispatchOf = (webhook: SandboxWebhookMode, copies = 1): Dispatch =>
  webhook === 'drop' ? { mode: 'drop', delayMs: 0, copies } : webhook === 'send' ? { ...NORMAL_DISPATCH, copies } : { mode: 'send', delayMs: webhook.delayMs, copies };

export interface Sandbox {
  app: FastifyInstance;
  store: SandboxStore;
  webhooks: WebhookSender;
  close(): Promise<void>;
}

/**
 * The PhonePe sandbox's HTTP app (docs/payments.md): the token, pay, order status, refund
 * and refund status endpoints of PhonePe's Standard Checkout v2, the hosted payment page,
 * webhooks to the merchant and, with SANDBOX_CONTROL=true, the control API under `/_sandbox`.
 */
export function buildSandbox(config: SandboxConfig, log: Logger, now: () => number = Date.now): Sandbox {
  const store = new SandboxStore({ tokenTtlSeconds: config.SANDBOX_TOKEN_TTL_SECONDS, refundDelayMs: config.SANDBOX_REFUND_DELAY_MS }, now);
  const webhooks = new WebhookSender({
    url: config.SANDBOX_WEBHOOK_URL,
    authorization: webhookAuthorization(config.SANDBOX_WEBHOOK_USERNAME, config.SANDBOX_WEBHOOK_PASSWORD),
    retries: config.SANDBOX_WEBHOOK_RETRIES,
    backoffMs: config.SANDBOX_WEBHOOK_BACKOFF_MS,
    log,
    now,
  });
  const publicUrl = (config.SANDBOX_PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const merchant = config.SANDBOX_MERCHANT_NAME;
  const expiredState = config.SANDBOX_EXPIRED_STATE;
  const calls: SandboxCall[] = [];
  const normal: SandboxFaults = sandboxFaultsSchema.parse({});
  let faults = normal;
  let apiCalls = 0;

  const app = fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof SandboxError) return reply.status(error.status).send({ code: error.code, message: error.message });
    if (error instanceof z.ZodError) return reply.status(400).send({ code: 'BAD_REQUEST', message: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) log.error({ err: error }, 'sandbox error');
    return reply.status(status).send({ code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST', message: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: 'NOT_FOUND', message: 'No such endpoint' }));
  app.addHook('onResponse', (request, reply, done) => {
    const path = request.url;
    if (!path.startsWith('/_sandbox')) {
      calls.push({ at: now(), method: request.method, path, status: reply.statusCode });
      if (calls.length > MAX_CALLS) calls.splice(0, calls.length - MAX_CALLS);
    }
    done();
  });

  // The faults (control API): PhonePe's own API slow, or failing every n-th call before it does anything.
  app.addHook('onRequest', async (request, reply) => {
    if (!isPhonePeApi(request.url) || (faults.latencyMs === 0 && faults.failEvery === 0)) return;
    apiCalls += 1;
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.failEvery > 0 && apiCalls % faults.failEvery === 0) {
      return reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong at PhonePe (a fault the sandbox was told to make)' });
    }
  });

  const orderWebhook = (order: SandboxOrder, how: Dispatch = dispatchOf(faults.webhook, faults.duplicates)) => {
    const view = orderStatusView(order, now(), expiredState, { details: true });
    const event = orderEvent(view.state);
    if (!event) return;
    webhooks.dispatch({ ...event, payload: { merchantId: config.SANDBOX_MERCHANT_ID, merchantOrderId: order.merchantOrderId, ...view } }, how);
  };
  // The payload of PhonePe's refund webhook samples: the refund's fields and its paymentDetails, no order fields (orderId, expireAt).
  const refundWebhook = (refund: SandboxRefund, state: 'accepted' | 'completed' | 'failed') => {
    const status = state === 'accepted' ? 'PENDING' : state === 'completed' ? 'COMPLETED' : 'FAILED';
    webhooks.dispatch({ ...refundEvent(state), payload: { merchantId: config.SANDBOX_MERCHANT_ID, ...refundStatusView(refund, now(), status) } });
  };

  /** Expiry and refund completion happen with time: their webhooks go out from here. */
  const sweep = setInterval(() => {
    for (const order of store.expireDue()) orderWebhook(order);
    for (const refund of store.completedRefunds()) refundWebhook(refund, refund.outcome === 'FAILED' ? 'failed' : 'completed');
  }, SWEEP_MS);
  sweep.unref();

  const requireToken = (authorization: string | undefined) => {
    if (!store.authorized(authorization)) throw new SandboxError(401, 'AUTHORIZATION_FAILED', 'Missing, unknown or expired O-Bearer token');
  };

  // --- OAuth ---------------------------------------------------------------------------
  app.post('/v1/oauth/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      throw new SandboxError(400, 'BAD_REQUEST', 'The token request must be application/x-www-form-urlencoded');
    }
    if (form.grant_type !== 'client_credentials') throw new SandboxError(400, 'BAD_REQUEST', 'grant_type must be client_credentials');
    if (typeof form.client_version !== 'string' || !/^\d+$/.test(form.client_version)) throw new SandboxError(400, 'BAD_REQUEST', 'client_version is required');
    if (form.client_id !== config.SANDBOX_CLIENT_ID || form.client_secret !== config.SANDBOX_CLIENT_SECRET) {
      return reply.status(401).send({ code: 'INVALID_CLIENT', message: 'Unknown client_id or wrong client_secret' });
    }
    const token = randomBytes(24).toString('base64url');
    const { issuedAt, expiresAt } = store.issueToken(token);
    return {
      access_token: token,
      encrypted_access_token: token,
      expires_in: null,
      issued_at: issuedAt,
      expires_at: expiresAt,
      session_expires_at: expiresAt,
      token_type: 'O-Bearer',
    };
  });

  // --- Standard Checkout v2 --------------------------------------------------------------
  app.post('/checkout/v2/pay', async (request) => {
    requireToken(request.headers.authorization);
    const order = store.createOrder(validatePay(request.body));
    return { orderId: order.orderId, state: 'PENDING', expireAt: order.expireAt, redirectUrl: `${publicUrl}/pay/${encodeURIComponent(order.orderId)}` };
  });

  app.get<{ Params: { merchantOrderId: string } }>('/checkout/v2/order/:merchantOrderId/status', async (request) => {
    requireToken(request.headers.authorization);
    return orderStatusView(store.order(request.params.merchantOrderId), now(), expiredState, statusQuery(request.query));
  });

  app.get<{ Params: { transactionId: string } }>('/checkout/v2/transaction/:transactionId/status', async (request) => {
    requireToken(request.headers.authorization);
    const { transactionId } = request.params;
    return transactionStatusView(store.orderOfTransaction(transactionId), transactionId, config.SANDBOX_MERCHANT_ID, now(), expiredState, statusQuery(request.query));
  });

  app.post('/payments/v2/refund', async (request) => {
    requireToken(request.headers.authorization);
    const refund = store.createRefund(validateRefund(request.body), faults.refunds === 'fail' ? 'FAILED' : 'COMPLETED');
    refundWebhook(refund, 'accepted');
    return { refundId: refund.refundId, amount: refund.amount, state: 'PENDING' };
  });

  app.get<{ Params: { merchantRefundId: string } }>('/payments/v2/refund/:merchantRefundId/status', async (request) => {
    requireToken(request.headers.authorization);
    return refundStatusView(store.refund(request.params.merchantRefundId), now());
  });

  // --- The hosted payment page -------------------------------------------------------------
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(body);

  const closedReason = (order: SandboxOrder) => {
    const view = orderStatusView(order, now(), expiredState);
    if (order.expired || view.detailedErrorCode === 'TXN_AUTO_FAILED') return 'expired' as const;
    if (view.state === 'COMPLETED') return 'completed' as const;
    if (view.state !== 'PENDING') return 'failed' as const;
    return null;
  };

  app.get<{ Params: { orderId: string } }>('/pay/:orderId', async (request, reply) => {
    const order = store.orderByOrderId(request.params.orderId);
    if (!order) return html(reply, 404, notFoundPage());
    const closed = closedReason(order);
    if (closed) return html(reply, 200, closedPage(order, merchant, closed));
    const expires = expiryFormat.format(order.expireAt) + ' IST';
    return html(reply, 200, paymentPage(order, merchant, expires));
  });

  app.post<{ Params: { orderId: string } }>('/pay/:orderId', async (request, reply) => {
    const order = store.orderByOrderId(request.params.orderId);
    if (!order) return html(reply, 404, notFoundPage());
    const outcome = (request.body as Record<string, unknown> | null)?.outcome;
    if (outcome !== 'COMPLETED' && outcome !== 'FAILED' && outcome !== 'PENDING') return html(reply, 400, closedPage(order, merchant, 'failed'));
    const { changed } = store.choose(order, outcome as Outcome);
    if (!changed) {
      const closed = closedReason(order);
      if (closed) return html(reply, 409, closedPage(order, merchant, closed));
    }
    if (outcome !== 'PENDING') orderWebhook(order);
    // The webhook goes out in the background; the browser returns to the merchant at once,
    // or, when the merchant gave no redirectUrl, reads the outcome here.
    if (!order.redirectUrl) return html(reply, 200, closedPage(order, merchant, closedReason(order) ?? 'pending'));
    return reply.redirect(order.redirectUrl, 303);
  });

  // --- The control API (SANDBOX_CONTROL=true) ----------------------------------------------
  if (config.SANDBOX_CONTROL === 'true') {
    const controlView = (order: SandboxOrder): SandboxOrderView => ({
      merchantOrderId: order.merchantOrderId,
      redirectUrl: order.redirectUrl,
      hostedPageUrl: `${publicUrl}/pay/${encodeURIComponent(order.orderId)}`,
      createdAt: order.createdAt,
      actualAmount: order.amount,
      status: orderStatusView(order, now(), expiredState, FULL_STATUS),
    });
    app.get('/_sandbox/orders', async () => ({ orders: [...store.orders.values()].map(controlView) }));
    app.get<{ Params: { merchantOrderId: string } }>('/_sandbox/orders/:merchantOrderId', async (request) => controlView(store.order(request.params.merchantOrderId)));
    app.post<{ Params: { merchantOrderId: string } }>('/_sandbox/orders/:merchantOrderId/settle', async (request) => {
      const body = sandboxSettleSchema.parse(request.body ?? {});
      const order = store.order(request.params.merchantOrderId);
      store.settle(order, body.state, { errorCode: body.errorCode, detailedErrorCode: body.detailedErrorCode, reportedAmount: body.reportedAmount });
      orderWebhook(order, dispatchOf(body.webhook, body.duplicates));
      return controlView(order);
    });
    app.post<{ Params: { merchantOrderId: string } }>('/_sandbox/orders/:merchantOrderId/expire', async (request) => {
      const body = sandboxExpireSchema.parse(request.body ?? {});
      const order = store.order(request.params.merchantOrderId);
      if (store.expireNow(order)) orderWebhook(order, dispatchOf(body.webhook));
      return controlView(order);
    });
    app.post<{ Params: { merchantOrderId: string } }>('/_sandbox/orders/:merchantOrderId/webhook', async (request) => {
      const body = sandboxResendSchema.parse(request.body ?? {});
      const order = store.order(request.params.merchantOrderId);
      orderWebhook(order, dispatchOf(body.webhook, body.duplicates));
      return controlView(order);
    });
    app.get('/_sandbox/refunds', async () => ({ refunds: [...store.refunds.values()].map((r) => refundStatusView(r, now())) }));
    app.get('/_sandbox/calls', async () => ({ calls }));
    app.get('/_sandbox/webhooks', async () => ({ deliveries: webhooks.records }));
    app.post('/_sandbox/tokens/revoke', async () => ({ revoked: store.revokeTokens() }));
    app.get('/_sandbox/faults', async () => faults);
    app.put('/_sandbox/faults', async (request) => {
      faults = sandboxFaultsSchema.parse(request.body ?? {});
      apiCalls = 0;
      return faults;
    });
    app.post('/_sandbox/reset', async () => {
      faults = normal;
      store.reset();
      calls.length = 0;
      webhooks.records.length = 0;
      return { reset: true };
    });
  }

  return {
    app,
    store,
    webhooks,
    async close() {
      clearInterval(sweep);
      webhooks.close();
      await app.close();
    },
  };
}

/** The ops port: `/health/live`, `/health/ready` (the app listens), `/health` and `/metrics` (the process's), as the other apps have. */
export function buildOpsServer(sandbox: Sandbox, version: string): FastifyInstance {
  const ops = fastify({ logger: false });
  const started = Date.now();
  ops.get('/health/live', async () => ({ status: 'up' }));
  ops.get('/health/ready', async (_request, reply) => {
    const listening = sandbox.app.server.listening;
    return reply.status(listening ? 200 : 503).send({ status: listening ? 'up' : 'down' });
  });
  ops.get('/health', async () => ({
    status: sandbox.app.server.listening ? 'up' : 'down',
    service: 'phonepe-sandbox',
    version,
    uptimeSeconds: Math.round((Date.now() - started) / 1000),
    orders: sandbox.store.orders.size,
    refunds: sandbox.store.refunds.size,
    webhooksScheduled: sandbox.webhooks.pending,
  }));
  ops.get('/metrics', async (_request, reply) => reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics()));
  return ops;
}
