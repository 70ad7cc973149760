import { Controller } from '@nestjs/common';
import { RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { SalesService } from './sales.service.js';

/** The `rpc.order.admin.sales` handler; thin, it calls {@link SalesService}. */
@Controller()
export class SalesRpc {
  constructor(readonly sales: SalesService) {}

  @RpcHandler('rpc.order.admin.sales')
  salesOverTime({ actor, query }: Req<'rpc.order.admin.sales'>) {
    return this.sales.salesOverTime(actor, query);
  }
}
