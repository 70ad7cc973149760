import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { StockHistoryService } from './stock-history.service.js';

@Controller()
export class StockHistoryRpc {
  constructor(private readonly history: StockHistoryService) {}

  @RpcHandler('rpc.catalog.stock.history')
  page({ actor, productId, query }: Req<'rpc.catalog.stock.history'>) {
    return this.history.page(actor, productId, query);
  }

  @RpcHandler('rpc.catalog.stock.adjust')
  @IdempotentCommand()
  adjust({ actor, productId, adjustment }: Req<'rpc.catalog.stock.adjust'>) {
    return this.history.adjust(actor, productId, adjustment);
  }
}
