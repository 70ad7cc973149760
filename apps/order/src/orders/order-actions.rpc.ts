import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { OrderActionsService } from './order-actions.service.js';
import { OrderExportService } from './order-export.js';

/** The Orders tab's changes of one order (`rpc.order.admin.fulfil`, `.refund`) and the CSV export's batches; thin, they call {@link OrderActionsService}. */
@Controller()
export class OrderActionsRpc {
  constructor(
    private readonly actions: OrderActionsService,
    private readonly exports: OrderExportService,
  ) {}

  @RpcHandler('rpc.order.admin.fulfil')
  @IdempotentCommand()
  fulfil({ actor, orderId, step }: Req<'rpc.order.admin.fulfil'>) {
    return this.actions.fulfil(actor, orderId, step);
  }

  @RpcHandler('rpc.order.admin.refund')
  @IdempotentCommand()
  refund({ actor, orderId, refund }: Req<'rpc.order.admin.refund'>) {
    return this.actions.refund(actor, orderId, refund);
  }

  @RpcHandler('rpc.order.admin.export')
  export({ actor, filter, after, limit }: Req<'rpc.order.admin.export'>) {
    return this.exports.batch(actor, filter, after, limit);
  }
}
