import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { StockAlertsService } from './stock-alerts.service.js';

@Controller()
export class StockAlertsRpc {
  constructor(private readonly alerts: StockAlertsService) {}

  @RpcHandler('rpc.catalog.stock-alerts.list')
  list({ actor }: Req<'rpc.catalog.stock-alerts.list'>) {
    return this.alerts.list(actor);
  }

  @RpcHandler('rpc.catalog.stock-alerts.create')
  @IdempotentCommand()
  create({ actor, productId }: Req<'rpc.catalog.stock-alerts.create'>) {
    return this.alerts.create(actor, productId);
  }

  @RpcHandler('rpc.catalog.stock-alerts.delete')
  @IdempotentCommand()
  delete({ actor, productId }: Req<'rpc.catalog.stock-alerts.delete'>) {
    return this.alerts.delete(actor, productId);
  }
}
