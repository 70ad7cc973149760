import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { Message } from './entities/message.entity.js';
import { MailboxRpc } from './mail.rpc.js';
import { MessageSender } from './mail.service.js';

/** Mails and SMS to people: queued in the transaction that needs them (`queueMessage`), sent by {@link MessageSender}; the development mailbox. */
@Module({ imports: [DatabaseModule.forFeature([Message])], controllers: [MailboxRpc], providers: [MessageSender] })
export class MailModule {}
