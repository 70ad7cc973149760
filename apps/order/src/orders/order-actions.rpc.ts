import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { OrderActionsService } from './order-actions.service.js';
import { OrderExportService } from './order-export.js';

/**
 * The Orders tab's changes of one order (`rpc.order.admin.fulfil`, `.refund`, and the
 * needs-attention decisions `.accept-payment`, `.refund-held`, `.retry-refund`,
 * `.settle-refund`) and the CSV export's batches; thin, they call {@link OrderActionsService}.
 */
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

  @RpcHandler('rpc.order.admin.accept-payment')
  @IdempotentCommand()
  acceptPayment({ actor, orderId }: Req<'rpc.order.admin.accept-payment'>) {
    return this.actions.acceptPayment(actor, orderId);
  }

  @RpcHandler('rpc.order.admin.refund-held')
  @IdempotentCommand()
  refundHeld({ actor, orderId }: Req<'rpc.order.admin.refund-held'>) {
    return this.actions.refundHeld(actor, orderId);
  }

  @RpcHandler('rpc.order.admin.retry-refund')
  @IdempotentCommand()
  retryRefund({ actor, orderId, refundId }: Req<'rpc.order.admin.retry-refund'>) {
    return this.actions.retryRefund(actor, orderId, refundId);
  }

  @RpcHandler('rpc.order.admin.settle-refund')
  @IdempotentCommand()
  settleRefund({ actor, orderId, refundId, settle }: Req<'rpc.order.admin.settle-refund'>) {
    return this.actions.settleRefund(actor, orderId, refundId, settle);
  }

  @RpcHandler('rpc.order.admin.export')
  export({ actor, filter, after, limit }: Req<'rpc.order.admin.export'>) {
    return this.exports.batch(actor, filter, after, limit);
  }
}
