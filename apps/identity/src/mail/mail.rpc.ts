import { Controller } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { fail, ok } from '@jalaj/contracts';
import { InjectConfig, RpcHandler } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { Message } from './entities/message.entity.js';

/** The development mailbox: mails and SMS codes that were kept instead of sent. Never in production. */
@Controller()
export class MailboxRpc {
  constructor(
    private readonly em: EntityManager,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  @RpcHandler('rpc.identity.mailbox.list')
  async list() {
    if (this.config.NODE_ENV === 'production') return fail('NOT_FOUND');
    const rows = await this.em.find(Message, { status: { $in: ['kept', 'sent'] } }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 });
    return ok({
      items: rows.map((m) => ({ id: m.id, kind: m.kind, to: m.to, subject: m.subject, text: m.text, links: m.links, createdAt: m.createdAt.toISOString() })),
    });
  }
}
