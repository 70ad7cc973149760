import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { paymentOutcomePage, paymentPendingPage } from '@jalaj/commerce';
import { RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { unwrap } from '../auth/rpc-result.js';

const orderParams = HTTP_SCHEMAS['payments.status'].params;

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
    if (!result.ok) return reply.redirect(paymentPendingPage(merchantOrderId), 303);
    return reply.redirect(paymentOutcomePage(result.data), 303);
  }

  /** The shopper's own payment, as the pending page polls it. */
  @Get(':merchantOrderId')
  @UseGuards(AuthGuard)
  async status(@CurrentActor() actor: Actor, @Param() raw: unknown) {
    const { merchantOrderId } = parseBody(orderParams, raw);
    return unwrap(await this.rpc.request('rpc.order.payments.status', { actor, merchantOrderId }));
  }
}
