import { Controller } from '@nestjs/common';
import { RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { OrdersService } from './orders.service.js';

/** The `rpc.order.orders.*` and `rpc.order.admin.*` read and archive handlers; thin, they call {@link OrdersService}. */
@Controller()
export class OrdersRpc {
  constructor(readonly orders: OrdersService) {}

  @RpcHandler('rpc.order.orders.list-mine')
  listMine({ actor }: Req<'rpc.order.orders.list-mine'>) {
    return this.orders.listMine(actor);
  }

  @RpcHandler('rpc.order.orders.get-mine')
  getMine({ actor, orderId }: Req<'rpc.order.orders.get-mine'>) {
    return this.orders.getMine(actor, orderId);
  }

  @RpcHandler('rpc.order.orders.bill')
  bill({ actor, orderId }: Req<'rpc.order.orders.bill'>) {
    return this.orders.bill(actor, orderId);
  }

  @RpcHandler('rpc.order.admin.list')
  adminList({ actor, query }: Req<'rpc.order.admin.list'>) {
    return this.orders.adminList(actor, query);
  }

  @RpcHandler('rpc.order.admin.figures')
  figures({ actor, day }: Req<'rpc.order.admin.figures'>) {
    return this.orders.figures(actor, day);
  }

  @RpcHandler('rpc.order.admin.get')
  adminGet({ actor, orderId }: Req<'rpc.order.admin.get'>) {
    return this.orders.adminGet(actor, orderId);
  }

  @RpcHandler('rpc.order.admin.customer-figures')
  customerFigures({ actor, userId }: Req<'rpc.order.admin.customer-figures'>) {
    return this.orders.customerFigures(actor, userId);
  }

  @RpcHandler('rpc.order.admin.archive')
  archive({ actor, orderIds }: Req<'rpc.order.admin.archive'>) {
    return this.orders.archive(actor, orderIds);
  }

  @RpcHandler('rpc.order.admin.restore')
  restore({ actor, orderId }: Req<'rpc.order.admin.restore'>) {
    return this.orders.restore(actor, orderId);
  }
}
