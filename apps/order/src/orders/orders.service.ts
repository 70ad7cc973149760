import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';

/**
 * The order work. Writes go through the injected `EntityManager`: under
 * `@IdempotentCommand()` it is the command's transaction (ADR 012), never `em.fork()`.
 */
@Injectable()
export class OrdersService {
  constructor(readonly em: EntityManager) {}
}
