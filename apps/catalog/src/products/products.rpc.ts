import { Controller } from '@nestjs/common';
import { ok } from '@jalaj/contracts';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsRpc {
  constructor(private readonly products: ProductsService) {}

  @RpcHandler('rpc.catalog.products.list')
  async list(request: Req<'rpc.catalog.products.list'>) {
    return ok({ items: await this.products.list(request) });
  }

  @RpcHandler('rpc.catalog.products.admin-page')
  adminPage({ actor, query }: Req<'rpc.catalog.products.admin-page'>) {
    return this.products.adminPage(actor, query);
  }

  @RpcHandler('rpc.catalog.products.get')
  get({ id }: Req<'rpc.catalog.products.get'>) {
    return this.products.get(id);
  }

  @RpcHandler('rpc.catalog.products.get-many')
  async getMany({ ids }: Req<'rpc.catalog.products.get-many'>) {
    return ok({ items: await this.products.getMany(ids) });
  }

  @RpcHandler('rpc.catalog.products.create')
  @IdempotentCommand()
  create({ actor, product }: Req<'rpc.catalog.products.create'>) {
    return this.products.create(actor, product);
  }

  @RpcHandler('rpc.catalog.products.update')
  @IdempotentCommand()
  update({ actor, id, product }: Req<'rpc.catalog.products.update'>) {
    return this.products.update(actor, id, product);
  }

  @RpcHandler('rpc.catalog.products.delete')
  @IdempotentCommand()
  delete({ actor, id }: Req<'rpc.catalog.products.delete'>) {
    return this.products.delete(actor, id);
  }
}
