import { Controller } from '@nestjs/common';
import { IdempotentCommand, RpcHandler, type RpcParsedRequest as Req } from '@jalaj/server-kit';
import { ClaimsService } from './claims.service.js';

/** The guarantee claims' handlers (`rpc.order.claims.*`, `rpc.order.admin.claims.*`); thin, they call {@link ClaimsService}. */
@Controller()
export class ClaimsRpc {
  constructor(private readonly claims: ClaimsService) {}

  @RpcHandler('rpc.order.claims.create')
  @IdempotentCommand()
  create({ actor, orderId, claim, photoIds }: Req<'rpc.order.claims.create'>) {
    return this.claims.file(actor, orderId, claim, photoIds);
  }

  @RpcHandler('rpc.order.claims.photo')
  photo({ actor, orderId, photoId }: Req<'rpc.order.claims.photo'>) {
    return this.claims.photo(actor, orderId, photoId);
  }

  @RpcHandler('rpc.order.admin.claims.approve')
  @IdempotentCommand()
  approve({ actor, claimId }: Req<'rpc.order.admin.claims.approve'>) {
    return this.claims.approve(actor, claimId);
  }

  @RpcHandler('rpc.order.admin.claims.decline')
  @IdempotentCommand()
  decline({ actor, claimId, reason }: Req<'rpc.order.admin.claims.decline'>) {
    return this.claims.decline(actor, claimId, reason);
  }
}
