import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseRequest } from '@jalaj/server-kit';
import { StockService } from './stock.service.js';

@Controller()
export class StockRpc {
  constructor(private readonly stock: StockService) {}

  @MessagePattern('rpc.catalog.stock.reserve')
  reserve(@Payload() payload: unknown) {
    const { reservationId, lines, ttlSeconds } = parseRequest('rpc.catalog.stock.reserve', payload);
    return this.stock.reserve(reservationId, lines, ttlSeconds);
  }

  @MessagePattern('rpc.catalog.stock.commit')
  commit(@Payload() payload: unknown) {
    return this.stock.commit(parseRequest('rpc.catalog.stock.commit', payload).reservationId);
  }

  @MessagePattern('rpc.catalog.stock.release')
  release(@Payload() payload: unknown) {
    return this.stock.release(parseRequest('rpc.catalog.stock.release', payload).reservationId);
  }
}
