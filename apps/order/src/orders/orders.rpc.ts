import { Controller } from '@nestjs/common';
import { OrdersService } from './orders.service.js';

/** The `rpc.order.*` handlers, one `@RpcHandler(subject)` method each; thin, they call {@link OrdersService}. */
@Controller()
export class OrdersRpc {
  constructor(readonly orders: OrdersService) {}
}
