import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/core';
import { fail, ok } from '@jalaj/contracts';
import { parseRequest } from '@jalaj/server-kit';
import { Message } from './message.entity.js';

/** The development mailbox: mails and SMS codes that were kept instead of sent. Never in production. */
@Controller()
export class MailboxRpc {
  constructor(private readonly em: EntityManager) {}

  @MessagePattern('rpc.identity.mailbox.list')
  async list(@Payload() payload: unknown) {
    parseRequest('rpc.identity.mailbox.list', payload);
    if (process.env.NODE_ENV === 'production') return fail('NOT_FOUND', 'Not found');
    const rows = await this.em.find(Message, { status: { $in: ['kept', 'sent'] } }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 });
    return ok({
      items: rows.map((m) => ({ id: m.id, kind: m.kind, to: m.to, subject: m.subject, text: m.text, links: m.links, createdAt: m.createdAt.toISOString() })),
    });
  }
}
