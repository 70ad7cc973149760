import { Controller, Get } from '@nestjs/common';
import { AppErrorException } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';

@Controller('products')
export class ProductsController {
  constructor(private readonly rpc: RpcClient) {}

  /** The storefront's plant list, oldest first. */
  @Get()
  async list() {
    const reply = await this.rpc.request('rpc.catalog.products.list', {});
    if (!reply.ok) throw new AppErrorException(reply.error);
    return reply.data;
  }
}
