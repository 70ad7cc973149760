import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HTTP_SCHEMAS, type Actor, type PaymentOutcome } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const orderParams = HTTP_SCHEMAS['payments.status'].params;

/**
 * The shopper's page for a payment outcome, with the query values spec §2 names: the
 * success page reads transactionId, code and amount; the failure page transactionId, error
 * and code; the pending page (not in the spec) keeps checking the order by its id.
 */
export function outcomePage(o: PaymentOutcome): string {
  const q = new URLSearchParams();
  if (o.outcome === 'paid') {
    q.set('transactionId', o.transactionId ?? o.merchantOrderId);
    q.set('code', 'PAYMENT_SUCCESS');
    q.set('amount', String(o.amountPaise / 100));
    q.set('orderId', o.merchantOrderId);
    return `/payment-success?${q}`;
  }
  if (o.outcome === 'failed') {
    q.set('transactionId', o.transactionId ?? o.merchantOrderId);
    q.set('error', o.errorMessage ?? 'The payment could not be completed.');
    q.set('code', o.errorCode ?? 'PAYMENT_ERROR');
    return `/payment-failed?${q}`;
  }
  q.set('orderId', o.merchantOrderId);
  return `/payment-pending?${q}`;
}

/** `/api/payments/*`: PhonePe's redirect and webhook, and the pending page's status checks. */
@Controller('payments')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** PhonePe's webhook; the order service checks the authorization and asks PhonePe the status. */
  @Post('phonepe/webhook')
  @HttpCode(200)
  async webhook(@Headers('authorization') authorization: string | undefined, @Body() body: unknown) {
    return unwrap(await this.rpc.request('rpc.order.payments.webhook', { authorization: (authorization ?? '').slice(0, 512), body: body ?? null }));
  }

  /** Where PhonePe sends the shopper back: the status is asked of PhonePe, never read from the redirect. */
  @Get('phonepe/return/:merchantOrderId')
  async phonepeReturn(@Param() raw: unknown, @Res() reply: FastifyReply) {
    const { merchantOrderId } = parseBody(orderParams, raw);
    const result = await this.rpc.request('rpc.order.payments.status', { merchantOrderId });
    if (!result.ok) return reply.redirect(`/payment-pending?${new URLSearchParams({ orderId: merchantOrderId })}`, 303);
    return reply.redirect(outcomePage(result.data), 303);
  }

  /** The shopper's own payment, as the pending page polls it. */
  @Get(':merchantOrderId')
  @UseGuards(AuthGuard)
  async status(@CurrentActor() actor: Actor, @Param() raw: unknown) {
    const { merchantOrderId } = parseBody(orderParams, raw);
    return unwrap(await this.rpc.request('rpc.order.payments.status', { actor, merchantOrderId }));
  }
}
