import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager, LockMode, MikroORM } from '@mikro-orm/core';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from '@jalaj/contracts';
import { claimEventWith, eventClaimParams, getLogger, InjectConfig, runPeriodically, runSql } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { Message } from './entities/message.entity.js';

export interface OutgoingMessage {
  kind: 'mail' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** The same content as simple HTML (mails only); the plain text is always sent too. */
  html?: string;
  links?: string[];
}

/** Queues a mail or SMS in the caller's unit of work; it is written with the caller's flush. */
export function queueMessage(em: EntityManager, m: OutgoingMessage): Message {
  const now = new Date();
  const row = em.create(Message, {
    id: newId('msg'),
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    links: m.links ?? [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
  em.persist(row);
  return row;
}

/** A message's row, written with the claim of the event it answers (ADR 088). */
const QUEUE_FOR_EVENT = `with message as (
    insert into messages (id, kind, recipient, subject, text, html, links, status, attempts, next_attempt_at, created_at)
    values ($1, $2, $3, $4, $5, $6, $7::jsonb, 'pending', 0, now(), now())
  ) ${claimEventWith(8)}`;

/**
 * Queues a mail or SMS that answers the event being handled, in one statement with the
 * event's claim in the inbox (a consumer subscribed with `claimedBy: 'statement'`): an event
 * handled before queues nothing. Elsewhere it is queued and flushed on `em`.
 */
export async function queueMessageForEvent(em: EntityManager, m: OutgoingMessage): Promise<void> {
  const claim = eventClaimParams();
  if (!claim) {
    queueMessage(em, m);
    await em.flush();
    return;
  }
  await runSql(em, QUEUE_FOR_EVENT, [newId('msg'), m.kind, m.to, m.subject, m.text, m.html ?? null, JSON.stringify(m.links ?? []), ...claim]);
}

/**
 * Queues one mail to each of `people` with an email address (an account signed up by phone
 * has none), rendered for their name, in the caller's unit of work.
 *
 * @returns How many were queued.
 */
export function queueMailEach(em: EntityManager, people: readonly { email?: string | null; fullName: string }[], mail: (name: string) => { subject: string; text: string; html?: string; links?: string[] }): number {
  let queued = 0;
  for (const person of people) {
    if (!person.email) continue;
    queueMessage(em, { kind: 'mail', to: person.email, ...mail(person.fullName) });
    queued += 1;
  }
  return queued;
}

/**
 * Sends queued messages: mails through SMTP when SMTP_URL is set, otherwise they are kept
 * for the development mailbox. SMS have no provider here: they are always kept (the
 * sender port is where a provider goes). A failed send is retried with growing pauses,
 * then marked failed.
 */
@Injectable()
export class MessageSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('MessageSender');
  private transport?: Transporter;
  private stop?: () => void;
  static readonly MAX_ATTEMPTS = 8;

  constructor(
    private readonly orm: MikroORM,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {
    const url = config.SMTP_URL;
    if (url) this.transport = nodemailer.createTransport(url);
  }

  onApplicationBootstrap() {
    this.stop = runPeriodically('messages handled', () => this.sendDue().then(() => undefined), { intervalMs: 500, initialDelayMs: 0, log: this.log });
  }

  async sendDue(): Promise<number> {
    return this.orm.em.fork().transactional(async (tx) => {
      // The due messages themselves, in one query; rows another replica is sending are skipped.
      const due = await tx.find(
        Message,
        { status: 'pending', nextAttemptAt: { $lte: new Date() } },
        { orderBy: { createdAt: 'asc' }, limit: 20, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      for (const m of due) {
        m.attempts += 1;
        try {
          if (m.kind === 'mail' && this.transport) {
            await this.transport.sendMail({ from: this.config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
            m.status = 'sent';
          } else {
            m.status = 'kept';
          }
          m.sentAt = new Date();
        } catch (e) {
          m.lastError = e instanceof Error ? e.message : String(e);
          if (m.attempts >= MessageSender.MAX_ATTEMPTS) m.status = 'failed';
          else m.nextAttemptAt = new Date(Date.now() + 2 ** m.attempts * 1000);
          this.log.warn({ err: e, messageId: m.id, attempts: m.attempts }, 'sending failed');
        }
      }
      return due.length;
    });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
