import { Controller } from '@nestjs/common';
import { RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { StockService } from './stock.service.js';

@Controller()
export class StockRpc {
  constructor(private readonly stock: StockService) {}

  @RpcHandler('rpc.catalog.stock.reserve')
  reserve({ reservationId, orderNumber, lines, ttlSeconds, maxSharePercent }: Req<'rpc.catalog.stock.reserve'>) {
    return this.stock.reserve(reservationId, orderNumber, lines, ttlSeconds, maxSharePercent);
  }

  @RpcHandler('rpc.catalog.stock.commit')
  commit({ reservationId }: Req<'rpc.catalog.stock.commit'>) {
    return this.stock.commit(reservationId);
  }

  @RpcHandler('rpc.catalog.stock.release')
  release({ reservationId }: Req<'rpc.catalog.stock.release'>) {
    return this.stock.release(reservationId);
  }
}
