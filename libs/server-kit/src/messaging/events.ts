import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { AckPolicy, DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  AppErrorException,
  deadLetterSubject,
  EVENT_STREAM,
  HEADERS,
  parseEvent,
  type EventData,
  type EventEnvelope,
  type EventSubject,
} from '@jalaj/contracts';
import { callContext } from '../context.js';
import { getLogger } from '../logger.js';
import { eventsDeadLettered } from '../ops/metrics.js';
import { withAfterCommit } from './change-hints.js';
import { NatsConnectionHolder } from './nats.module.js';
import { isUnreachable } from './rpc-handling.js';
import { extractTraceContext, natsHeaderGetter } from '../tracing/trace-context.js';
import { SpanKind, startSpan, withSpan } from '../tracing/tracing.js';
import { failedOnKey, runSql } from '../database/run-sql.js';

export type EventHandler<S extends EventSubject> = (event: EventEnvelope<EventData<S>>, em: EntityManager) => Promise<void>;

/** How a consumer retries a failing event before it parks it on the dead-letter subject. */
export interface RetryPolicy {
  /** Deliveries in all, the first included, before the event is parked. */
  maxDeliveries: number;
  /** Wait before the n-th redelivery (n from 1), in milliseconds. */
  backoffMs: (redelivery: number) => number;
}

/** Five deliveries over about half a minute (2, 4, 8, 16 s apart). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxDeliveries: 5,
  backoffMs: (n) => Math.min(2000 * 2 ** (n - 1), 30_000),
};

/** How soon an event whose handler found a dependency out of reach comes back (it is never parked for that). */
export const OUTAGE_RETRY_MS = 2000;

/** An error that says a dependency is out of reach (the database, or a service answering UNAVAILABLE), not that the event is bad. */
export function isOutage(error: unknown): boolean {
  return isUnreachable(error) || (error instanceof AppErrorException && error.error.code === 'UNAVAILABLE');
}

/** Headers a parked event carries besides its own, saying who gave up on it and why. */
export const DEAD_LETTER_HEADERS = {
  consumer: 'Jalaj-Dlq-Consumer',
  reason: 'Jalaj-Dlq-Reason',
  error: 'Jalaj-Dlq-Error',
  deliveries: 'Jalaj-Dlq-Deliveries',
  streamSequence: 'Jalaj-Dlq-Stream-Seq',
} as const;

/** Why an event was parked: it could not be read at all, or its handler kept failing. */
export type DeadLetterReason = 'invalid' | 'failed';

/** The inbox's key: a statement that claims an event handled before fails on it. */
export const INBOX_KEY = 'inbox_message_pkey';

/** The event being handled by a consumer whose statement claims it (ADR 088). */
const claiming = new AsyncLocalStorage<{ consumer: string; eventId: string; subject: string; claimed: boolean }>();

/**
 * The end of an event handler's one statement (ADR 088): records the event in the inbox
 * (the consumer, the event's id and subject as the parameters `$first` to `$first + 2`,
 * {@link eventClaimParams}). An event handled before makes the whole statement fail on
 * {@link INBOX_KEY}, so nothing of its effect stays.
 */
export function claimEventWith(first: number): string {
  return `insert into inbox_message (consumer, event_id, subject, processed_at) values ($${first}, $${first + 1}, $${first + 2}, now())`;
}

/**
 * The parameters with which a handler's one statement claims its event ({@link claimEventWith}):
 * the consumer, the event's id and subject. Undefined outside a consumer subscribed with
 * `claimedBy: 'statement'`.
 */
export function eventClaimParams(): [consumer: string, eventId: string, subject: string] | undefined {
  const claim = claiming.getStore();
  if (!claim) return undefined;
  claim.claimed = true;
  return [claim.consumer, claim.eventId, claim.subject];
}

/**
 * Durable JetStream consumers with an inbox. Each event is handled in a database
 * transaction that first inserts `(consumer, event id)` into `inbox_message`; a
 * redelivered event finds its row and is only acknowledged, so the effect happens once.
 * The durable name is shared by all replicas of a service, which split the work.
 *
 * A message that does not parse as its subject's event (poisoned, or a version this
 * consumer does not know) can never succeed, so it is parked on `dlq.<subject>` at once;
 * a handler that throws is retried with a growing delay and parked after
 * `maxDeliveries`. Parked events stay in the DEAD_LETTERS stream for inspection, counted
 * by `jalaj_events_dead_lettered_total`; the consumer goes on with the next event.
 */
/**
 * How long JetStream waits for a delivered event's acknowledgement before it delivers the
 * event again (to any replica): the time a killed replica's events wait. Handlers are short
 * transactions; one that runs longer is delivered twice and the inbox makes it count once.
 */
const ACK_WAIT_NS = 10 * 1e9;

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
   *
   * @param options.idempotent - The handler's effect is the same however often and in
   *   whatever order its events come (it writes what an event says only over older facts):
   *   it runs without the inbox and the transaction around it, each statement on its own
   *   (ADR 056). Not for a handler that counts, adds up or sends anything.
   * @param options.claimedBy - `'statement'`: one statement of the handler claims the event
   *   in the inbox along with its effect ({@link claimEventWith}, ADR 088). The kit opens no
   *   transaction: the handler's `em` is outside one, and it opens its own when its effect
   *   is more than that statement (the claim then commits or rolls back with the rest).
   * @param options.onRepeat - Called for an event the inbox shows handled before, as it is
   *   acknowledged: a redelivery after the replica that handled it died before its
   *   acknowledgement went out, and so perhaps before what it announced after its commit (a
   *   change hint), which this may announce again.
   */
  async subscribe<S extends EventSubject>(
    subject: S,
    durable: string,
    handler: EventHandler<S>,
    retry: RetryPolicy = DEFAULT_RETRY_POLICY,
    options: { idempotent?: boolean; claimedBy?: 'statement'; onRepeat?: (event: EventEnvelope<EventData<S>>) => void } = {},
  ): Promise<void> {
    const jsm = await this.nats.manager();
    const existing = await jsm.consumers.info(EVENT_STREAM, durable).catch(() => null);
    if (existing && existing.config.ack_wait !== ACK_WAIT_NS) {
      // Made by an earlier version with another wait: only the wait changes.
      await jsm.consumers.update(EVENT_STREAM, durable, { ack_wait: ACK_WAIT_NS });
    } else if (!existing) {
      await jsm.consumers.add(EVENT_STREAM, {
        durable_name: durable,
        filter_subject: subject,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: ACK_WAIT_NS,
        // The consumer parks an event itself after retry.maxDeliveries; the server must not
        // stop delivering it first, or it would be dropped without a trace.
        max_deliver: -1,
      });
    }
    const js = jetstream(await this.nats.connection());
    const consumer = await js.consumers.get(EVENT_STREAM, durable);
    const messages = await consumer.consume({ max_messages: 50 });
    this.running.push(messages);
    this.loops.push(
      (async () => {
        for await (const msg of messages) {
          const correlationId = msg.headers?.get(HEADERS.correlationId) || `evt-${msg.seq}`;
          // Each delivery is a consumer span in the trace of the transaction that wrote the event.
          const parent = extractTraceContext(msg.headers, natsHeaderGetter);
          const span = startSpan(`process ${msg.subject}`, SpanKind.CONSUMER, {
            'messaging.system': 'nats',
            'messaging.destination.name': msg.subject,
            'messaging.consumer.group.name': durable,
            'messaging.message.delivery_count': msg.info.deliveryCount,
          }, parent);
          try {
            await withSpan(span, () => callContext.run({ correlationId }, () => this.deliver(msg, subject, durable, handler, retry, options.idempotent ? 'as-it-comes' : options.claimedBy === 'statement' ? 'claimed-by-statement' : 'once', options.onRepeat)), parent);
          } finally {
            span.end();
          }
        }
      })(),
    );
  }

  private async deliver<S extends EventSubject>(
    msg: JsMsg,
    subject: S,
    durable: string,
    handler: EventHandler<S>,
    retry: RetryPolicy,
    how: 'once' | 'as-it-comes' | 'claimed-by-statement',
    onRepeat?: (event: EventEnvelope<EventData<S>>) => void,
  ): Promise<void> {
    let event: EventEnvelope<EventData<S>>;
    try {
      event = parseEvent(subject, msg.json());
    } catch (e) {
      await this.park(msg, durable, 'invalid', e);
      return;
    }
    try {
      const handled =
        how === 'as-it-comes' ? await this.handleAsItComes(event, handler) : how === 'claimed-by-statement' ? await this.handleClaimedByStatement(durable, event, handler) : await this.handleOnce(durable, event, handler);
      if (!handled) {
        this.log.debug({ eventId: event.id, durable }, 'duplicate event acknowledged');
        onRepeat?.(event);
      }
      msg.ack();
    } catch (e) {
      const deliveries = msg.info.deliveryCount;
      if (isOutage(e)) {
        // The database (or a service) is out of reach: not the event's fault, so it does not
        // count towards parking; it comes back every few seconds until the outage is over.
        this.log.warn({ err: e, subject, durable, eventId: event.id, deliveries, retryInMs: OUTAGE_RETRY_MS }, 'event handler could not reach a dependency; will be redelivered');
        msg.nak(OUTAGE_RETRY_MS);
        return;
      }
      if (deliveries >= retry.maxDeliveries) {
        await this.park(msg, durable, 'failed', e);
        return;
      }
      const delay = retry.backoffMs(deliveries);
      this.log.warn({ err: e, subject, durable, eventId: event.id, deliveries, retryInMs: delay }, 'event handler failed; will be redelivered');
      msg.nak(delay);
    }
  }

  /**
   * Copies the message to its dead-letter subject, then terminates it so it is never
   * delivered to this consumer again. If the copy cannot be published (NATS trouble),
   * the message is left for redelivery instead: nothing is dropped unrecorded.
   */
  private async park(msg: JsMsg, durable: string, reason: DeadLetterReason, error: unknown): Promise<void> {
    const h = natsHeaders();
    for (const [key, values] of msg.headers ?? []) for (const v of values) h.append(key, v);
    h.set(DEAD_LETTER_HEADERS.consumer, durable);
    h.set(DEAD_LETTER_HEADERS.reason, reason);
    h.set(DEAD_LETTER_HEADERS.error, (error instanceof Error ? error.message : String(error)).replace(/[\r\n]+/g, ' ').slice(0, 500));
    h.set(DEAD_LETTER_HEADERS.deliveries, String(msg.info.deliveryCount));
    h.set(DEAD_LETTER_HEADERS.streamSequence, String(msg.seq));
    try {
      const js = jetstream(await this.nats.connection());
      await js.publish(deadLetterSubject(msg.subject), msg.data, { headers: h, msgID: `${durable}:${msg.seq}`, timeout: 5000 });
    } catch (e) {
      this.log.error({ err: e, subject: msg.subject, durable, seq: msg.seq }, 'could not park the event on its dead-letter subject; will be redelivered');
      msg.nak(5000);
      return;
    }
    // No reason text: NATS 2.9 does not understand "+TERM <reason>" and would leave the message pending.
    msg.term();
    eventsDeadLettered.inc({ consumer: durable, subject: msg.subject, reason });
    this.log.error({ err: error, subject: msg.subject, durable, seq: msg.seq, reason, deliveries: msg.info.deliveryCount }, `event parked on ${deadLetterSubject(msg.subject)}`);
  }

  /** Runs the handler unless the inbox already holds the event; returns whether it ran. */
  async handleOnce<S extends EventSubject>(consumer: string, event: EventEnvelope<EventData<S>>, handler: EventHandler<S>): Promise<boolean> {
    // Change hints the handler announces go out after the commit (withAfterCommit).
    return withAfterCommit(() => this.orm.em.fork().transactional(async (tx) => {
      const inserted = await runSql(
        tx,
        'insert into inbox_message (consumer, event_id, subject, processed_at) values ($1, $2, $3, now()) on conflict do nothing returning event_id',
        [consumer, event.id, event.subject],
      );
      if (inserted.length === 0) return false;
      await handler(event, tx);
      return true;
    }));
  }

  /**
   * Runs a handler one of whose statements claims the event in the inbox itself (ADR 088),
   * with no transaction of the kit's: an event handled before fails that statement on the
   * inbox's key, so nothing of it stays (nor of the handler's own transaction around it). A
   * handler that wrote nothing (nothing to do for this event) has the event claimed
   * afterwards. Returns whether it ran.
   */
  async handleClaimedByStatement<S extends EventSubject>(consumer: string, event: EventEnvelope<EventData<S>>, handler: EventHandler<S>): Promise<boolean> {
    const claim = { consumer, eventId: event.id, subject: event.subject, claimed: false };
    try {
      await withAfterCommit(() =>
        claiming.run(claim, async () => {
          await handler(event, this.orm.em.fork());
          if (!claim.claimed) await runSql(this.orm.em.fork(), claimEventWith(1), [consumer, event.id, event.subject]);
        }),
      );
      return true;
    } catch (e) {
      if (failedOnKey(e, INBOX_KEY)) return false;
      throw e;
    }
  }

  /** Runs an idempotent handler as the event comes, its statements each on their own; change hints after it returns. */
  async handleAsItComes<S extends EventSubject>(event: EventEnvelope<EventData<S>>, handler: EventHandler<S>): Promise<true> {
    await withAfterCommit(() => handler(event, this.orm.em.fork()));
    return true;
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
