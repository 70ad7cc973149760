import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { CheckoutService } from './checkout.service.js';

/** The `rpc.order.checkout.*` (pay, open) and `rpc.order.payments.*` handlers; thin, they call {@link CheckoutService}. */
@Controller()
export class CheckoutRpc {
  constructor(private readonly checkout: CheckoutService) {}

  @RpcHandler('rpc.order.checkout.pay')
  @IdempotentCommand()
  pay({ actor, shippingAddressId, billingAddressId, returnOrigin }: Req<'rpc.order.checkout.pay'>) {
    return this.checkout.pay(actor, shippingAddressId, billingAddressId, returnOrigin);
  }

  @RpcHandler('rpc.order.checkout.open')
  open({ actor }: Req<'rpc.order.checkout.open'>) {
    return this.checkout.open(actor);
  }

  @RpcHandler('rpc.order.payments.status')
  status({ actor, merchantOrderId }: Req<'rpc.order.payments.status'>) {
    return this.checkout.status(actor, merchantOrderId);
  }

  @RpcHandler('rpc.order.payments.webhook')
  webhook({ authorization, body }: Req<'rpc.order.payments.webhook'>) {
    return this.checkout.webhook(authorization, body);
  }
}
