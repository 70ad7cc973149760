import { MikroORM } from '@mikro-orm/core';
import { AckPolicy, jetstream } from '@nats-io/jetstream';
import { createEvent, DEAD_LETTER_STREAM, deadLetterSubject, EVENT_STREAM, newId } from '@jalaj/contracts';
import { eventually, testDatabaseUrl } from '@jalaj/testing';
import { ormOptions } from '../database/database.module.js';
import { metricsRegistry } from '../ops/metrics.js';
import { DEAD_LETTER_HEADERS, EventConsumers, type RetryPolicy } from './events.js';
import { MessageLogPruner } from './message-log-pruner.js';
import { NatsConnectionHolder } from './nats.module.js';

const SUBJECT = 'evt.catalog.product.deleted.v1';
const quick: RetryPolicy = { maxDeliveries: 3, backoffMs: () => 100 };

describe('dead letters and message-log pruning (real PostgreSQL and NATS JetStream)', () => {
  let orm: MikroORM;
  let nats: NatsConnectionHolder;
  let consumers: EventConsumers;

  beforeAll(async () => {
    orm = await MikroORM.init(ormOptions({ service: 'kit', entities: [], migrations: [] }, testDatabaseUrl('kit_dlq')) as never);
    await orm.migrator.up();
    nats = new NatsConnectionHolder({ url: process.env.NATS_URL!, name: 'kit-dlq-spec' });
  });

  beforeEach(() => {
    consumers = new EventConsumers(orm, nats);
  });

  afterEach(async () => {
    await consumers.stop();
  });

  afterAll(async () => {
    await nats.onApplicationShutdown();
    await orm.close(true);
  });

  const publish = async (body: unknown) => {
    const js = jetstream(await nats.connection());
    return js.publish(SUBJECT, JSON.stringify(body), { msgID: newId('msg') });
  };
  /** Waits until the consumer has nothing pending or unacknowledged. */
  const drained = async (durable: string) => {
    const jsm = await nats.manager();
    await eventually(async () => {
      const info = await jsm.consumers.info(EVENT_STREAM, durable);
      return info.num_pending + info.num_ack_pending;
    }, (n) => n === 0);
  };
  const lastParked = async () => (await nats.manager()).streams.getMessage(DEAD_LETTER_STREAM, { last_by_subj: deadLetterSubject(SUBJECT) });
  const parkedCount = async (durable: string, reason: string) => {
    const metrics = await metricsRegistry.getSingleMetricAsString('jalaj_events_dead_lettered_total');
    const line = metrics.split('\n').find((l) => l.includes(`consumer="${durable}"`) && l.includes(`reason="${reason}"`));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('parks an event that does not parse at once, and goes on with the next one', async () => {
    const durable = `dlq-invalid-${newId('c').toLowerCase()}`;
    const mine = newId('prd');
    const handled: string[] = [];
    await consumers.subscribe(SUBJECT, durable, async (event) => {
      if (event.data.productId === mine) handled.push(event.id);
    }, quick);
    const poisoned = { id: newId('evt'), subject: SUBJECT, occurredAt: new Date().toISOString(), data: { productId: mine, imageKeys: 'not-a-list' } };
    const ack = await publish(poisoned);
    const good = createEvent(SUBJECT, { productId: mine, imageKeys: [] });
    await publish(good);

    await eventually(() => handled, (h) => h.length === 1);
    await drained(durable);
    expect(handled).toEqual([good.id]);

    const parked = await lastParked();
    expect(parked?.json<{ id: string }>().id).toBe(poisoned.id);
    expect(parked?.header.get(DEAD_LETTER_HEADERS.consumer)).toBe(durable);
    expect(parked?.header.get(DEAD_LETTER_HEADERS.reason)).toBe('invalid');
    expect(parked?.header.get(DEAD_LETTER_HEADERS.deliveries)).toBe('1');
    expect(parked?.header.get(DEAD_LETTER_HEADERS.streamSequence)).toBe(String(ack.seq));
    expect(await parkedCount(durable, 'invalid')).toBe(1);
  });

  it('retries a failing handler a bounded number of times, then parks the event', async () => {
    const durable = `dlq-failing-${newId('c').toLowerCase()}`;
    const doomed = createEvent(SUBJECT, { productId: newId('prd'), imageKeys: [] });
    let attempts = 0;
    await consumers.subscribe(SUBJECT, durable, async (event) => {
      if (event.id !== doomed.id) return;
      attempts++;
      throw new Error('media store unreachable');
    }, quick);
    await publish(doomed);

    await eventually(() => parkedCount(durable, 'failed'), (n) => n === 1);
    await drained(durable);
    expect(attempts).toBe(quick.maxDeliveries);
    const parked = await lastParked();
    expect(parked?.json<{ id: string }>().id).toBe(doomed.id);
    expect(parked?.header.get(DEAD_LETTER_HEADERS.reason)).toBe('failed');
    expect(parked?.header.get(DEAD_LETTER_HEADERS.error)).toBe('media store unreachable');
    // Nothing of the failed attempts stayed behind: the inbox row rolled back each time.
    const inbox = await orm.em.fork().getConnection().execute('select 1 from inbox_message where consumer = ? and event_id = ?', [durable, doomed.id]);
    expect(inbox).toHaveLength(0);
  });

  it('handles an event whose handler recovers before the limit exactly once, and parks nothing', async () => {
    const durable = `dlq-recovers-${newId('c').toLowerCase()}`;
    const flaky = createEvent(SUBJECT, { productId: newId('prd'), imageKeys: [] });
    let attempts = 0;
    let effects = 0;
    await consumers.subscribe(SUBJECT, durable, async (event) => {
      if (event.id !== flaky.id) return;
      if (++attempts < quick.maxDeliveries) throw new Error('not yet');
      effects++;
    }, quick);
    await publish(flaky);

    await eventually(() => effects, (n) => n === 1);
    await drained(durable);
    expect(attempts).toBe(quick.maxDeliveries);
    expect(await parkedCount(durable, 'failed')).toBe(0);
    const info = await (await nats.manager()).consumers.info(EVENT_STREAM, durable);
    expect(info.config.ack_policy).toBe(AckPolicy.Explicit);
  });

  it('prunes published outbox rows and inbox rows past their retention, never an unpublished row', async () => {
    const conn = orm.em.fork().getConnection();
    const [oldPublished, recentPublished, oldUnpublished] = [newId('evt'), newId('evt'), newId('evt')];
    const insertOutbox = (id: string, createdHoursAgo: number, publishedHoursAgo: number | null) =>
      conn.execute(
        `insert into outbox_message (id, subject, envelope, created_at, published_at)
         values (?, ?, '{}'::jsonb, now() - make_interval(hours => ?), ${publishedHoursAgo === null ? 'null' : 'now() - make_interval(hours => ?)'})`,
        publishedHoursAgo === null ? [id, SUBJECT, createdHoursAgo] : [id, SUBJECT, createdHoursAgo, publishedHoursAgo],
      );
    await insertOutbox(oldPublished, 50, 49);
    await insertOutbox(recentPublished, 2, 1);
    await insertOutbox(oldUnpublished, 50, null);
    const consumer = `prune-${newId('c').toLowerCase()}`;
    await conn.execute(
      `insert into inbox_message (consumer, event_id, subject, processed_at) values
         (?, 'evt_old', ?, now() - interval '400 hours'), (?, 'evt_new', ?, now() - interval '1 hour')`,
      [consumer, SUBJECT, consumer, SUBJECT],
    );

    const pruner = new MessageLogPruner(orm);
    expect(await pruner.prune({ publishedOutboxHours: 24, inboxHours: 336, commandLogHours: 24, batch: 1000 })).toBeGreaterThanOrEqual(2);

    const outbox = (await conn.execute('select id from outbox_message where id in (?, ?, ?)', [oldPublished, recentPublished, oldUnpublished])) as { id: string }[];
    expect(outbox.map((r) => r.id).sort()).toEqual([recentPublished, oldUnpublished].sort());
    const inbox = (await conn.execute('select event_id from inbox_message where consumer = ?', [consumer])) as { event_id: string }[];
    expect(inbox.map((r) => r.event_id)).toEqual(['evt_new']);
  });
});
