import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppErrorException, HTTP_SCHEMAS, type Actor } from '@jalaj/contracts';
import { deliveryQuote } from '@jalaj/commerce';
import { InjectConfig, RpcClient } from '@jalaj/server-kit';
import { AuthGuard, CurrentActor } from '../auth/auth.guard.js';
import { parseBody } from '../auth/body.js';
import { RateLimit } from '../auth/rate-limit.js';
import { unwrap } from '../auth/rpc-result.js';
import type { BffConfig } from '../config.js';

const quoteQuery = HTTP_SCHEMAS['checkout.shippingQuote'].query;
const payBody = HTTP_SCHEMAS['checkout.pay'].body;

/**
 * The shop's public origin: `PUBLIC_URL` when set (behind a proxy or CDN), otherwise the
 * origin the request came to. PhonePe sends the shopper back under it.
 */
export function shopOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${req.protocol}://${req.host}`;
}

/** `/api/shipping-quote`, `/api/checkout/open` and `/api/checkout/pay`: checkout (spec §4 Payment, §5). */
@Controller()
export class CheckoutController {
  constructor(
    private readonly rpc: RpcClient,
    @InjectConfig() private readonly config: BffConfig,
  ) {}

  /**
   * The shipping charge and delivery time for a PIN code, from `libs/commerce` (spec §9):
   * the same rule the order service charges; checkout and the product page ask it.
   */
  @Get('shipping-quote')
  quote(@Query() raw: unknown) {
    const { postalCode } = parseBody(quoteQuery, raw);
    const quote = deliveryQuote(postalCode);
    if (!quote.ok) throw new AppErrorException({ code: 'INVALID_POSTAL_CODE' });
    return { postalCode: quote.postalCode, shippingPaise: quote.shippingPaise, estimate: quote.estimate };
  }

  /**
   * The shopper's payment still waiting at PhonePe, with what it holds for them: checkout
   * shows it on the way back from PhonePe (ADR 073).
   */
  @Get('checkout/open')
  @UseGuards(AuthGuard)
  async open(@CurrentActor() actor: Actor) {
    return unwrap(await this.rpc.request('rpc.order.checkout.open', { actor }));
  }

  /** Starts paying the cart; the browser sends only the two address ids, never an amount. */
  @Post('checkout/pay')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @RateLimit({ address: 60, windowSeconds: 10 * 60 })
  async pay(@CurrentActor() actor: Actor, @Body() raw: unknown, @Req() req: FastifyRequest) {
    const { shippingAddressId, billingAddressId } = parseBody(payBody, raw);
    return unwrap(
      await this.rpc.request('rpc.order.checkout.pay', { actor, shippingAddressId, billingAddressId, returnOrigin: shopOrigin(req, this.config.PUBLIC_URL) }),
    );
  }
}
