import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { AckPolicy, DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { EVENT_STREAM, HEADERS, parseEvent, type EventData, type EventEnvelope, type EventSubject } from '@jalaj/contracts';
import { callContext } from '../context.js';
import { getLogger } from '../logger.js';
import { NatsConnectionHolder } from './nats.module.js';

export type EventHandler<S extends EventSubject> = (event: EventEnvelope<EventData<S>>, em: EntityManager) => Promise<void>;

/**
 * Durable JetStream consumers with an inbox. Each event is handled in a database
 * transaction that first inserts `(consumer, event id)` into `inbox_message`; a
 * redelivered event finds its row and is only acknowledged, so the effect happens once.
 * The durable name is shared by all replicas of a service, which split the work.
 */
@Injectable()
export class EventConsumers implements OnApplicationShutdown {
  private readonly log = getLogger('EventConsumers');
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly orm: MikroORM,
    private readonly nats: NatsConnectionHolder,
  ) {}

  /**
   * Starts consuming `subject` under the durable consumer `durable`.
   * A handler that throws leaves the event unacknowledged; it is redelivered after a delay.
   */
  async subscribe<S extends EventSubject>(subject: S, durable: string, handler: EventHandler<S>): Promise<void> {
    const jsm = await this.nats.manager();
    await jsm.consumers.add(EVENT_STREAM, {
      durable_name: durable,
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 30 * 1e9,
      max_deliver: -1,
    });
    const js = jetstream(await this.nats.connection());
    const consumer = await js.consumers.get(EVENT_STREAM, durable);
    const messages = await consumer.consume({ max_messages: 50 });
    this.running.push(messages);
    this.loops.push(
      (async () => {
        for await (const msg of messages) {
          const correlationId = msg.headers?.get(HEADERS.correlationId) || `evt-${msg.seq}`;
          await callContext.run({ correlationId }, async () => {
            try {
              const event = parseEvent(subject, msg.json());
              const handled = await this.handleOnce(durable, event, handler);
              if (!handled) this.log.debug({ eventId: event.id, durable }, 'duplicate event acknowledged');
              msg.ack();
            } catch (e) {
              this.log.error({ err: e, subject, durable, seq: msg.seq }, 'event handler failed; will be redelivered');
              msg.nak(2000);
            }
          });
        }
      })(),
    );
  }

  /** Runs the handler unless the inbox already holds the event; returns whether it ran. */
  async handleOnce<S extends EventSubject>(consumer: string, event: EventEnvelope<EventData<S>>, handler: EventHandler<S>): Promise<boolean> {
    return this.orm.em.fork().transactional(async (tx) => {
      const inserted = (await tx
        .getConnection()
        .execute(
          'insert into inbox_message (consumer, event_id, subject, processed_at) values (?, ?, ?, now()) on conflict do nothing returning event_id',
          [consumer, event.id, event.subject],
          'all',
          tx.getTransactionContext(),
        )) as unknown[];
      if (inserted.length === 0) return false;
      await handler(event, tx);
      return true;
    });
  }

  /** Stops every consumer of this process (they resume from their durable position later). */
  async stop() {
    for (const m of this.running.splice(0)) m.stop();
    await Promise.allSettled(this.loops.splice(0));
  }

  async onApplicationShutdown() {
    await this.stop();
  }
}
