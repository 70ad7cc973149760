import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { createEvent, HEADERS, type EventData, type EventEnvelope, type EventSubject } from '@jalaj/contracts';
import { currentCorrelationId } from '../context.js';
import { getLogger } from '../logger.js';
import { runSql, runWithNext } from '../database/run-sql.js';
import { NatsConnectionHolder } from './nats.module.js';
import { extractTraceContext, injectTraceContext, natsHeaderSetter, recordGetter, traceHeaders } from '../tracing/trace-context.js';
import { failSpan, SpanKind, startSpan, withSpan } from '../tracing/tracing.js';

/**
 * Events this process queued that its relay has not published yet, with when they were
 * queued. A nudge after a commit wakes the relay only while there are some (most commands
 * write none, and a pass costs a transaction); an event whose transaction rolled back, or
 * that another replica published, is forgotten after {@link FORGET_QUEUED_AFTER_MS}.
 */
const unpublished = new Map<string, number>();
const FORGET_QUEUED_AFTER_MS = 60_000;

/** Takes published events off this process's list of unpublished ones. */
export function forgetPublished(ids: Iterable<string>): void {
  for (const id of ids) unpublished.delete(id);
}

/**
 * Events queued in a transaction that has not ended yet, by that transaction (the object
 * MikroORM hands to its transaction events): when it commits, the relay publishes them at
 * once from memory (ADR 053). A savepoint's are left to the relay's passes.
 */
const queuedIn = new WeakMap<object, OutboxRow[]>();

/**
 * How old an unpublished row of another process (or of this one before a restart) is before
 * a pass takes it: younger ones are being published from memory as they commit (ADR 053).
 */
export const LEFT_OVER_AFTER_SECONDS = 5;

/**
 * How long the rows published from memory wait to be stamped, so that one statement stamps
 * the events of every commit in that time (ADR 053, amended): under the checkout's load, one
 * statement for several events instead of one each. Far below
 * {@link LEFT_OVER_AFTER_SECONDS}, so no pass takes a row waiting here.
 */
export const STAMP_AFTER_MS = 200;

/** The most rows one pass publishes. */
const OUTBOX_BATCH = 100;

/**
 * How long an idle relay waits before it looks again: the first wait after a pass that found
 * nothing, doubled after each further empty pass, up to the last. A service's own events
 * do not wait for it (the nudge after their commit wakes the relay), so the tick is only
 * for rows this process was not told about: a crashed replica's, or another process's.
 * At a flat 250 ms an idle shop of five services queried PostgreSQL 20 times a second.
 */
export const RELAY_IDLE_WAIT_MS = { first: 250, last: 2_000 } as const;

/** The wait after `emptyPasses` passes in a row that published nothing (1 or more). */
export const relayIdleWait = (emptyPasses: number) => Math.min(RELAY_IDLE_WAIT_MS.last, RELAY_IDLE_WAIT_MS.first * 2 ** Math.max(0, emptyPasses - 1));

/** An outbox row as the relay publishes it. */
export interface OutboxRow<D = unknown> {
  id: string;
  subject: string;
  envelope: EventEnvelope<D>;
  headers: Record<string, string> | null;
}

/**
 * An event as an outbox row: its envelope (the data checked against the subject's schema)
 * and the headers that carry the current trace and correlation id to its consumers.
 */
export function outboxRow<S extends EventSubject>(subject: S, data: EventData<S>): OutboxRow<EventData<S>> {
  const envelope = createEvent(subject, data);
  // The trace of the transaction that wrote it, continued by whoever consumes the event.
  return { id: envelope.id, subject, envelope, headers: { [HEADERS.correlationId]: currentCorrelationId() ?? envelope.id, ...traceHeaders() } };
}

/**
 * Events queued in a transaction (or savepoint) that has not ended yet, by that transaction:
 * written by one statement as it commits ({@link OutboxWriter}).
 */
const toWrite = new WeakMap<object, OutboxRow[]>();

function queue(rows: WeakMap<object, OutboxRow[]>, transaction: object, row: OutboxRow): void {
  const queued = rows.get(transaction);
  if (queued) queued.push(row);
  else rows.set(transaction, [row]);
}

/**
 * Queues an event in the outbox of the transaction of `em`, the transaction of the change
 * it tells of: its row is written as that transaction commits, with the commit (ADR 091), so
 * the event exists if and only if the change committed.
 *
 * @throws Error outside a transaction: an event is always written with its change.
 */
export function addToOutbox<S extends EventSubject>(em: EntityManager, subject: S, data: EventData<S>): OutboxRow<EventData<S>> {
  const transaction = em.getTransactionContext<object>();
  if (!transaction) throw new Error(`${subject}: an event is queued in the transaction of the change it tells of`);
  const row = outboxRow(subject, data);
  unpublished.set(row.id, Date.now());
  queue(toWrite, transaction, row);
  // A savepoint's are left to the relay's passes.
  if (!('savepointName' in transaction)) queue(queuedIn, transaction, row);
  return row;
}

/**
 * The events queued in `em`'s transaction and not written yet: what its commit writes. For
 * specs that run a service against a transaction without a database.
 */
export function eventsQueuedIn(em: EntityManager): OutboxRow[] {
  const transaction = em.getTransactionContext<object>();
  return transaction ? [...(toWrite.get(transaction) ?? [])] : [];
}

/** The outbox rows a transaction queued, as one statement: arrays of their ids, subjects, envelopes and headers. */
const WRITE_ROWS = `insert into outbox_message (id, subject, envelope, headers, created_at, attempts)
  select id, subject, envelope, headers, clock_timestamp(), 0 from unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[]) as r (id, subject, envelope, headers)`;

/**
 * Writes the outbox rows a transaction queued ({@link addToOutbox}) as it commits, in one
 * statement sent with the commit (`runWithNext`, ADR 091): a rollback drops them unsent, and
 * the commit fails if their statement failed. Every entity manager of the kit's ORM has it
 * (`ormOptions`' subscribers).
 */
export class OutboxWriter implements EventSubscriber {
  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    const rows = transaction ? toWrite.get(transaction) : undefined;
    if (!rows) return;
    toWrite.delete(transaction!);
    await runWithNext(em, WRITE_ROWS, [
      rows.map((r) => r.id),
      rows.map((r) => r.subject),
      rows.map((r) => JSON.stringify(r.envelope)),
      rows.map((r) => (r.headers ? JSON.stringify(r.headers) : null)),
    ]);
  }
}

/** Stamps rows as published, on `em`'s transaction if it is in one. */
async function stampPublished(em: EntityManager, ids: string[]): Promise<void> {
  await runSql(em, 'update outbox_message set published_at = now() where id = any($1::text[]) and published_at is null', [ids]);
}

/** Publishes one outbox row to JetStream, in a producer span of the trace that wrote it. */
async function publishRow(js: JetStreamClient, row: OutboxRow): Promise<void> {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(row.headers ?? {})) h.set(k, v);
  // A publish span in the writer's trace; the event carries it as the consumers' parent.
  const parent = extractTraceContext(row.headers, recordGetter);
  const span = startSpan(`publish ${row.subject}`, SpanKind.PRODUCER, { 'messaging.system': 'nats', 'messaging.destination.name': row.subject, 'messaging.message.id': row.id }, parent);
  withSpan(span, () => injectTraceContext(h, natsHeaderSetter), parent);
  try {
    await js.publish(row.subject, JSON.stringify(row.envelope), { msgID: row.id, headers: h, timeout: 5000 });
  } catch (e) {
    failSpan(span, 'PUBLISH_FAILED');
    throw e;
  } finally {
    span.end();
  }
}

/**
 * Publishes committed outbox rows to JetStream (ADR 053). The events a transaction queued
 * are published from memory as soon as it commits, and stamped afterwards, many rows to a
 * statement. Passes over the table publish the rest: this process's events that were not
 * (a savepoint's, a failed publish's) and rows left over by any process for
 * {@link LEFT_OVER_AFTER_SECONDS} (a crash before publishing or stamping). Rows are claimed
 * with `FOR UPDATE SKIP LOCKED`, so replicas share the work; `Nats-Msg-Id` is the event id,
 * so a row published twice (a crash between publish and stamp, or a pass that met a row
 * just published from memory) is dropped by the server. A failed publish stays unstamped
 * and is retried on the next pass.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly log = getLogger('OutboxRelay');
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;
  private wake?: () => void;
  /** A nudge came during the current pass: its events may have committed after the pass looked. */
  private nudged = false;
  /** Rows published from memory and not stamped yet, and whether a stamping statement is under way. */
  private toStamp: string[] = [];
  private stamping = false;
  private stampTimer?: NodeJS.Timeout;
  private js?: JetStreamClient;

  constructor(
    private readonly orm: MikroORM,
    private readonly nats: NatsConnectionHolder,
  ) {}

  onApplicationBootstrap() {
    this.publishOnCommit();
    void this.loop();
  }

  /** From now on, a transaction's events are published as soon as it commits. */
  publishOnCommit(): void {
    this.orm.em.getEventManager().registerSubscriber({
      afterTransactionCommit: ({ transaction }: TransactionEventArgs) => {
        const rows = transaction ? queuedIn.get(transaction) : undefined;
        if (!rows) return;
        queuedIn.delete(transaction!);
        // In hand: a nudge after this commit does not wake the relay for them.
        forgetPublished(rows.map((r) => r.id));
        void this.committed(rows);
      },
    });
  }

  /**
   * Publishes now, from memory, outbox rows whose statement has committed: a transaction's
   * as it commits, or rows a caller wrote in a statement of its own (a PL/pgSQL function,
   * {@link outboxRow}); those the relay's passes publish once left over, if this fails.
   */
  async committed(rows: OutboxRow[]): Promise<void> {
    let published = 0;
    try {
      this.js ??= jetstream(await this.nats.connection());
      for (const row of rows) {
        await publishRow(this.js, row);
        this.toStamp.push(row.id);
        published++;
      }
    } catch (e) {
      // The relay's passes publish what is left (they look again after a nudge).
      this.log.warn({ err: e }, 'publishing after commit failed; the relay retries');
      const now = Date.now();
      for (const row of rows.slice(published)) unpublished.set(row.id, now);
      this.nudge();
    }
    this.stampSoon();
  }

  /** Stamps the rows published from memory {@link STAMP_AFTER_MS} from now, with those published meanwhile. */
  private stampSoon(): void {
    if (this.stampTimer || this.stopped || this.toStamp.length === 0) return;
    this.stampTimer = setTimeout(() => {
      this.stampTimer = undefined;
      void this.stamp();
    }, STAMP_AFTER_MS);
  }

  /** Stamps the rows published from memory, all that are waiting in one statement. */
  private async stamp(): Promise<void> {
    clearTimeout(this.stampTimer);
    this.stampTimer = undefined;
    if (this.stamping || this.toStamp.length === 0) return;
    this.stamping = true;
    const ids = this.toStamp;
    this.toStamp = [];
    try {
      await stampPublished(this.orm.em.fork(), ids);
    } catch (e) {
      // Unstamped rows are published again by a pass, and dropped by JetStream as duplicates.
      this.log.warn({ err: e }, 'stamping published events failed; a pass publishes them again');
    } finally {
      this.stamping = false;
    }
    this.stampSoon();
  }

  /**
   * Asks the relay to look for new rows now instead of at its next tick, if this process
   * queued events it has not published yet. Called after a commit: a pass already under way
   * may have looked before it, so the relay then makes one more.
   */
  nudge() {
    if (unpublished.size === 0) return;
    this.nudged = true;
    this.wake?.();
  }

  private async loop() {
    let emptyPasses = 0;
    while (!this.stopped) {
      let published = 0;
      this.nudged = false;
      const now = Date.now();
      for (const [id, queuedAt] of unpublished) if (now - queuedAt > FORGET_QUEUED_AFTER_MS) unpublished.delete(id);
      try {
        published = await this.publishBatch();
      } catch (e) {
        this.log.warn({ err: e }, 'outbox relay pass failed; retrying');
      }
      // A pass that published less than a whole batch left nothing it could see: unless a
      // nudge came meanwhile, the next one waits (it used to look again at once, and find
      // nothing: a transaction of three statements after every event). Waits grow only
      // while passes find nothing.
      if (this.nudged || published >= OUTBOX_BATCH) emptyPasses = 0;
      else emptyPasses = published === 0 ? emptyPasses + 1 : 1;
      if (emptyPasses > 0 && !this.stopped) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, relayIdleWait(emptyPasses));
        });
        this.wake = undefined;
      }
    }
  }

  /** Publishes one batch; returns how many rows it published. */
  async publishBatch(limit = OUTBOX_BATCH): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      await this.nats.manager();
      const js = jetstream(await this.nats.connection());
      const em = this.orm.em.fork();
      return await em.transactional(async (tx) => {
        // This process's own unpublished events, and anyone's left over: not the events being
        // published from memory as their transactions commit (here or on another replica).
        const mine = [...unpublished.keys()].slice(0, limit);
        const rows = await runSql<OutboxRow>(
          tx,
          `select id, subject, envelope, headers from outbox_message
            where published_at is null and (id = any($1::text[]) or created_at < now() - make_interval(secs => $2))
            order by created_at, id limit $3 for update skip locked`,
          [mine, LEFT_OVER_AFTER_SECONDS, limit],
        );
        const done: string[] = [];
        for (const row of rows) {
          try {
            await publishRow(js, row);
            done.push(row.id);
          } catch (e) {
            this.log.warn({ err: e, eventId: row.id }, 'publish failed; will retry');
            await runSql(tx, 'update outbox_message set attempts = attempts + 1 where id = $1', [row.id]);
            break;
          }
        }
        if (done.length) await stampPublished(tx, done);
        forgetPublished(done);
        return done.length;
      });
    } finally {
      this.running = false;
    }
  }

  /** Stamps what waits to be stamped while the database is still open. */
  async beforeApplicationShutdown() {
    await this.stamp();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    // A row published later stays unstamped: a pass publishes it again after a restart, and
    // JetStream drops it as a duplicate.
    clearTimeout(this.stampTimer);
    this.wake?.();
  }
}
