import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok } from '@jalaj/contracts';
import { parseRequest } from '@jalaj/server-kit';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsRpc {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern('rpc.catalog.products.list')
  async list(@Payload() payload: unknown) {
    parseRequest('rpc.catalog.products.list', payload);
    return ok({ items: await this.products.list() });
  }

  @MessagePattern('rpc.catalog.products.delete')
  async delete(@Payload() payload: unknown) {
    const { actor, id } = parseRequest('rpc.catalog.products.delete', payload);
    return this.products.delete(actor, id);
  }
}
