import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { jetstream } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { createEvent, HEADERS, type EventData, type EventSubject } from '@jalaj/contracts';
import { currentCorrelationId } from '../context.js';
import { getLogger } from '../logger.js';
import { OutboxMessage } from '../database/outbox.entity.js';
import { NatsConnectionHolder } from './nats.module.js';
import { extractTraceContext, injectTraceContext, natsHeaderSetter, recordGetter, traceHeaders } from '../tracing/trace-context.js';
import { failSpan, SpanKind, startSpan, withSpan } from '../tracing/tracing.js';

/**
 * Events queued in this process since the relay last looked: a nudge after a commit only
 * wakes the relay when the committed work may have written some (most commands write none,
 * and a pass costs a transaction). Rows of other replicas, or of a nudge that came too
 * early, are found by the relay's regular tick.
 */
let queuedSinceLastPass = 0;

/**
 * Queues an event in the outbox of the given entity manager. It is written by that
 * manager's next flush, inside the same transaction as the state change, so the event
 * exists if and only if the change committed.
 */
export function addToOutbox<S extends EventSubject>(em: EntityManager, subject: S, data: EventData<S>): OutboxMessage {
  const envelope = createEvent(subject, data);
  const row = em.create(OutboxMessage, {
    id: envelope.id,
    subject,
    envelope,
    // The trace of the transaction that wrote it, continued by whoever consumes the event.
    headers: { [HEADERS.correlationId]: currentCorrelationId() ?? envelope.id, ...traceHeaders() },
    createdAt: new Date(),
    attempts: 0,
  });
  em.persist(row);
  queuedSinceLastPass++;
  return row;
}

interface OutboxRow {
  id: string;
  subject: string;
  envelope: unknown;
  headers: Record<string, string> | null;
}

/**
 * Publishes committed outbox rows to JetStream. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so replicas share the work; `Nats-Msg-Id` is the event id, so
 * a row published twice (a crash between publish and stamp) is dropped by the server.
 * A failed publish stays unstamped and is retried on the next pass.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('OutboxRelay');
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;
  private wake?: () => void;

  constructor(
    private readonly orm: MikroORM,
    private readonly nats: NatsConnectionHolder,
  ) {}

  onApplicationBootstrap() {
    void this.loop();
  }

  /** Asks the relay to look for new rows now instead of at its next tick, if this process queued any since its last pass. */
  nudge() {
    if (queuedSinceLastPass > 0) this.wake?.();
  }

  private async loop() {
    while (!this.stopped) {
      let published = 0;
      // This pass sees every row committed so far: later ones need a nudge of their own.
      queuedSinceLastPass = 0;
      try {
        published = await this.publishBatch();
      } catch (e) {
        this.log.warn({ err: e }, 'outbox relay pass failed; retrying');
      }
      if (published === 0 && !this.stopped) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, 250);
        });
      }
    }
  }

  /** Publishes one batch; returns how many rows it published. */
  async publishBatch(limit = 100): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      await this.nats.manager();
      const js = jetstream(await this.nats.connection());
      const em = this.orm.em.fork();
      return await em.transactional(async (tx) => {
        const conn = tx.getConnection();
        const rows = (await conn.execute(
          'select id, subject, envelope, headers from outbox_message where published_at is null order by created_at, id limit ? for update skip locked',
          [limit],
          'all',
          tx.getTransactionContext(),
        )) as OutboxRow[];
        const done: string[] = [];
        for (const row of rows) {
          const h = natsHeaders();
          for (const [k, v] of Object.entries(row.headers ?? {})) h.set(k, v);
          // A publish span in the writer's trace; the event carries it as the consumers' parent.
          const parent = extractTraceContext(row.headers, recordGetter);
          const span = startSpan(`publish ${row.subject}`, SpanKind.PRODUCER, { 'messaging.system': 'nats', 'messaging.destination.name': row.subject, 'messaging.message.id': row.id }, parent);
          withSpan(span, () => injectTraceContext(h, natsHeaderSetter), parent);
          try {
            await js.publish(row.subject, JSON.stringify(row.envelope), { msgID: row.id, headers: h, timeout: 5000 });
            span.end();
            done.push(row.id);
          } catch (e) {
            failSpan(span, 'PUBLISH_FAILED');
            span.end();
            this.log.warn({ err: e, eventId: row.id }, 'publish failed; will retry');
            await conn.execute('update outbox_message set attempts = attempts + 1 where id = ?', [row.id], 'run', tx.getTransactionContext());
            break;
          }
        }
        if (done.length) {
          await conn.execute(
            `update outbox_message set published_at = now() where id in (${done.map(() => '?').join(', ')})`,
            done,
            'run',
            tx.getTransactionContext(),
          );
        }
        return done.length;
      });
    } finally {
      this.running = false;
    }
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
  }
}
