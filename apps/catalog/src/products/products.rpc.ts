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
    return ok({ items: await this.products.list(parseRequest('rpc.catalog.products.list', payload)) });
  }

  @MessagePattern('rpc.catalog.products.get')
  get(@Payload() payload: unknown) {
    return this.products.get(parseRequest('rpc.catalog.products.get', payload).id);
  }

  @MessagePattern('rpc.catalog.products.get-many')
  async getMany(@Payload() payload: unknown) {
    return ok({ items: await this.products.getMany(parseRequest('rpc.catalog.products.get-many', payload).ids) });
  }

  @MessagePattern('rpc.catalog.products.create')
  create(@Payload() payload: unknown) {
    const { actor, product } = parseRequest('rpc.catalog.products.create', payload);
    return this.products.create(actor, product);
  }

  @MessagePattern('rpc.catalog.products.update')
  update(@Payload() payload: unknown) {
    const { actor, id, product } = parseRequest('rpc.catalog.products.update', payload);
    return this.products.update(actor, id, product);
  }

  @MessagePattern('rpc.catalog.products.delete')
  delete(@Payload() payload: unknown) {
    const { actor, id } = parseRequest('rpc.catalog.products.delete', payload);
    return this.products.delete(actor, id);
  }
}
