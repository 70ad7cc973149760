import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { paymentOutcomePage, paymentPendingPage } from '@jalaj/commerce';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { RateLimit } from '../auth/rate-limit.js';
import { unwrap } from '../auth/rpc-result.js';
import { PaymentStatusReads } from './payment-status.service.js';

const orderParams = HTTP_SCHEMAS['payments.status'].params;

/**
 * How often one address may ask where payments stand (ADR 070). A shopper comes back from
 * PhonePe once per payment, and the pending page asks every 3 s at first (20 a minute);
 * beyond these, an address is hammering PhonePe's status through the shop.
 */
export const PAYMENT_STATUS_LIMITS = {
  return: { address: 60, windowSeconds: 60 },
  status: { address: 120, windowSeconds: 60 },
} as const;

/** `/api/payments/*`: PhonePe's redirect and webhook, and the payment pages' status checks. */
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly payments: PaymentStatusReads,
  ) {}

  /** PhonePe's webhook; the order service checks the authorization and asks PhonePe the status. */
  @Post('phonepe/webhook')
  @HttpCode(200)
  async webhook(@Headers('authorization') authorization: string | undefined, @Body() body: unknown) {
    return unwrap(await this.rpc.request('rpc.order.payments.webhook', { authorization: (authorization ?? '').slice(0, 512), body: body ?? null }));
  }

  /**
   * Where PhonePe sends the shopper back: the status is asked of PhonePe (through the shared
   * answer), never read from the redirect. The page it leads to shows nothing from its
   * address: it asks again, as the order's owner.
   */
  @Get('phonepe/return/:merchantOrderId')
  @RateLimit(PAYMENT_STATUS_LIMITS.return)
  async phonepeReturn(@Param() raw: unknown, @Res() reply: FastifyReply) {
    const { merchantOrderId } = parseBody(orderParams, raw);
    const result = await this.payments.status(merchantOrderId).catch(() => null);
    if (!result?.ok) return reply.redirect(paymentPendingPage(merchantOrderId), 303);
    return reply.redirect(paymentOutcomePage(result.data), 303);
  }

  /** The shopper's own payment, as the success, failure and pending pages ask it. */
  @Get(':merchantOrderId')
  @UseGuards(AuthGuard)
  @RateLimit(PAYMENT_STATUS_LIMITS.status)
  async status(@CurrentActor() actor: Actor, @Param() raw: unknown) {
    const { merchantOrderId } = parseBody(orderParams, raw);
    return unwrap(await this.payments.forOwner(actor, merchantOrderId));
  }
}
