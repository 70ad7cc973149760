import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { jetstream } from '@nats-io/jetstream';
import { createEvent, EVENT_STREAM, newId, type EventData, type EventSubject } from '@jalaj/contracts';
import { eventually, testDatabaseUrl } from '@jalaj/testing';
import { ormOptions } from '../database/database.module.js';
import { OutboxMessage } from '../database/outbox.entity.js';
import { runSql } from '../database/run-sql.js';
import { claimEventWith, eventClaimParams, EventConsumers } from './events.js';
import { NatsConnectionHolder } from './nats.module.js';
import { addToOutbox, forgetPublished, LEFT_OVER_AFTER_SECONDS, OutboxRelay } from './outbox.js';

describe('outbox relay and inbox consumers (real PostgreSQL and NATS JetStream)', () => {
  let orm: MikroORM;
  let nats: NatsConnectionHolder;
  let relay: OutboxRelay;
  const databaseUrl = testDatabaseUrl('kit');

  beforeAll(async () => {
    orm = await MikroORM.init(ormOptions({ service: 'kit', entities: [], migrations: [] }, databaseUrl) as never);
    await orm.migrator.up();
    nats = new NatsConnectionHolder({ url: process.env.NATS_URL!, name: 'kit-spec' });
    relay = new OutboxRelay(orm, nats);
  });

  afterAll(async () => {
    await relay.onApplicationShutdown();
    await nats.onApplicationShutdown();
    await orm.close(true);
  });

  const unpublished = () => orm.em.fork().count(OutboxMessage, { publishedAt: null });
  /** Commits a transaction that queues one event: its row is written with the commit (ADR 091). */
  const queueCommitted = <S extends EventSubject>(em: EntityManager, subject: S, data: EventData<S>) => em.transactional(async (tx) => addToOutbox(tx, subject, data));

  it('publishes an event only when its transaction commits', async () => {
    const productId = newId('prd');
    await orm.em
      .fork()
      .transactional(async (tx) => {
        addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId, imageKeys: [] });
        await tx.flush();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await unpublished()).toBe(0);

    const before = (await (await nats.manager()).streams.info(EVENT_STREAM)).state.messages;
    await orm.em.fork().transactional(async (tx) => {
      addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId, imageKeys: ['a.webp'] });
    });
    expect(await unpublished()).toBe(1);
    expect(await relay.publishBatch()).toBe(1);
    expect(await unpublished()).toBe(0);
    const after = (await (await nats.manager()).streams.info(EVENT_STREAM)).state.messages;
    expect(after - before).toBe(1);
  });

  it('lets JetStream drop a row published twice (same Nats-Msg-Id)', async () => {
    const em = orm.em.fork();
    const row = await queueCommitted(em, 'evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] });
    expect(await relay.publishBatch()).toBe(1);
    const jsm = await nats.manager();
    const before = (await jsm.streams.info(EVENT_STREAM)).state.messages;
    // A relay that crashed after publishing and before stamping publishes the row again.
    // Another process's pass finds it once it is left over.
    await em.getConnection().execute("update outbox_message set published_at = null, created_at = now() - interval '1 minute' where id = ?", [row.id]);
    expect(await relay.publishBatch()).toBe(1);
    expect((await jsm.streams.info(EVENT_STREAM)).state.messages).toBe(before);
  });

  it("leaves a young row it was not told about to the process publishing it, and takes it once left over", async () => {
    const em = orm.em.fork();
    const row = await queueCommitted(em, 'evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] });
    // Another process's event, being published from memory as its transaction commits.
    forgetPublished([row.id]);
    expect(await relay.publishBatch()).toBe(0);
    await em.getConnection().execute(`update outbox_message set created_at = now() - make_interval(secs => ?) where id = ?`, [LEFT_OVER_AFTER_SECONDS + 1, row.id]);
    expect(await relay.publishBatch()).toBe(1);
    expect(await unpublished()).toBe(0);
  });

  it('handles each event once across redelivery and a consumer restart', async () => {
    const durable = `spec-${newId('c').toLowerCase()}`;
    const mine = newId('prd');
    const seen: string[] = [];
    const handler = async (event: { id: string; data: { productId: string } }) => {
      if (event.data.productId === mine) seen.push(event.id);
    };

    let consumers = new EventConsumers(orm, nats);
    await consumers.subscribe('evt.catalog.product.deleted.v1', durable, handler);
    const em = orm.em.fork();
    const first = await queueCommitted(em, 'evt.catalog.product.deleted.v1', { productId: mine, imageKeys: [] });
    await relay.publishBatch();
    await eventually(() => seen.length, (n) => n === 1);

    // Stop the consumer; meanwhile one new event arrives and the first one is delivered
    // again under another message id (as a redelivery would).
    await consumers.stop();
    const second = await queueCommitted(em, 'evt.catalog.product.deleted.v1', { productId: mine, imageKeys: [] });
    await relay.publishBatch();
    const js = jetstream(await nats.connection());
    await js.publish('evt.catalog.product.deleted.v1', JSON.stringify(first.envelope), { msgID: newId('dup') });

    consumers = new EventConsumers(orm, nats);
    await consumers.subscribe('evt.catalog.product.deleted.v1', durable, handler);
    await eventually(() => seen.length, (n) => n >= 2);
    // Give the duplicate its chance to be (wrongly) handled: wait until the consumer has
    // acknowledged everything, then check.
    const jsm = await nats.manager();
    await eventually(async () => (await jsm.consumers.info(EVENT_STREAM, durable)).num_ack_pending + (await jsm.consumers.info(EVENT_STREAM, durable)).num_pending, (n) => n === 0);
    await consumers.stop();

    expect(seen).toEqual([first.id, second.id]);
    const inbox = await orm.em.fork().getConnection().execute('select event_id from inbox_message where consumer = ? order by processed_at', [durable]);
    expect(inbox.map((r: { event_id: string }) => r.event_id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('runs an idempotent consumer on every delivery, without an inbox row or a transaction (ADR 056)', async () => {
    const durable = `spec-${newId('c').toLowerCase()}`;
    const mine = newId('prd');
    const seen: { id: string; inTransaction: boolean }[] = [];
    const consumers = new EventConsumers(orm, nats);
    await consumers.subscribe(
      'evt.catalog.product.deleted.v1',
      durable,
      async (event, em) => {
        if (event.data.productId === mine) seen.push({ id: event.id, inTransaction: em.getTransactionContext() !== undefined });
      },
      undefined,
      { idempotent: true },
    );
    const em = orm.em.fork();
    const row = await queueCommitted(em, 'evt.catalog.product.deleted.v1', { productId: mine, imageKeys: [] });
    await relay.publishBatch();
    // The same event again under another message id, as a redelivery would bring it.
    await jetstream(await nats.connection()).publish('evt.catalog.product.deleted.v1', JSON.stringify(row.envelope), { msgID: newId('dup') });
    await eventually(() => seen.length, (n) => n === 2);
    await consumers.stop();
    expect(seen).toEqual([
      { id: row.id, inTransaction: false },
      { id: row.id, inTransaction: false },
    ]);
    expect(await orm.em.fork().getConnection().execute('select event_id from inbox_message where consumer = ?', [durable])).toEqual([]);
  });

  it('rolls back the inbox row when the handler fails, so the event is retried', async () => {
    const consumers = new EventConsumers(orm, nats);
    const event = createEvent('evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] });
    await expect(
      consumers.handleOnce('spec-failing', event, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    let calls = 0;
    expect(await consumers.handleOnce('spec-failing', event, async () => void calls++)).toBe(true);
    expect(await consumers.handleOnce('spec-failing', event, async () => void calls++)).toBe(false);
    expect(calls).toBe(1);
  });

  it('runs a consumer whose statement claims the event once: a repeat leaves nothing of it, one that wrote nothing is claimed (ADR 088)', async () => {
    const consumers = new EventConsumers(orm, nats);
    await orm.em.fork().getConnection().execute('create table if not exists spec_effect (id text primary key, command text not null)');
    const event = createEvent('evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] });
    const effects = async () => (await orm.em.fork().getConnection().execute('select id from spec_effect where command = ?', [event.id])).length;
    const write = async (_: unknown, em: EntityManager) => {
      expect(em.getTransactionContext()).toBeUndefined();
      await runSql(em, `with effect as (insert into spec_effect (id, command) values ($1, $2)) ${claimEventWith(3)}`, [newId('eff'), event.id, ...eventClaimParams()!]);
    };
    expect(await consumers.handleClaimedByStatement('spec-claimed', event, write)).toBe(true);
    expect(await consumers.handleClaimedByStatement('spec-claimed', event, write)).toBe(false);
    expect(await effects()).toBe(1);
    // A failing statement claims nothing: the event comes again.
    const other = createEvent('evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] });
    await expect(consumers.handleClaimedByStatement('spec-claimed', other, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await consumers.handleClaimedByStatement('spec-claimed', other, async () => undefined)).toBe(true);
    expect(await consumers.handleClaimedByStatement('spec-claimed', other, async () => undefined)).toBe(false);
  });

  describe('publishing as a transaction commits (ADR 053)', () => {
    // Each case its own ORM: a relay's commit subscriber stays on the ORM's event manager.
    let own: MikroORM;
    beforeEach(async () => {
      own = await MikroORM.init(ormOptions({ service: 'kit', entities: [], migrations: [] }, databaseUrl) as never);
    });
    afterEach(() => own.close(true));

    const stamped = async (id: string) => ((await own.em.fork().getConnection().execute('select published_at from outbox_message where id = ?', [id])) as { published_at: Date | null }[])[0]?.published_at ?? null;

    it("publishes a committed transaction's events from memory and stamps them; a rolled-back one's never", async () => {
      const direct = new OutboxRelay(own, nats);
      direct.publishOnCommit();
      const jsm = await nats.manager();
      const messages = async () => (await jsm.streams.info(EVENT_STREAM)).state.messages;
      const before = await messages();
      await own.em
        .fork()
        .transactional(async (tx) => {
          addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] });
          await tx.flush();
          throw new Error('roll back');
        })
        .catch(() => undefined);
      const productId = newId('prd');
      const row = await own.em.fork().transactional(async (tx) => addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId, imageKeys: ['b.webp'] }));
      await eventually(() => stamped(row.id), (at) => at !== null);
      expect(await messages()).toBe(before + 1);
      const last = await jsm.streams.getMessage(EVENT_STREAM, { last_by_subj: 'evt.catalog.product.deleted.v1' });
      expect(last?.header.get('Nats-Msg-Id')).toBe(row.id);
      expect(last?.json<{ data: { productId: string } }>().data.productId).toBe(productId);
      // Nothing is left for the relay's pass.
      expect(await relay.publishBatch()).toBe(0);
    });

    it('stamps the events of commits in quick succession with one statement, and what waits at shutdown (ADR 053, amended)', async () => {
      const direct = new OutboxRelay(own, nats);
      direct.publishOnCommit();
      const commit = () => own.em.fork().transactional(async (tx) => addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] }));
      const [a, b] = [await commit(), await commit()];
      // One statement's now(): the same stamp on both rows.
      const [atA, atB] = [await eventually(() => stamped(a.id), (at) => at !== null), await stamped(b.id)];
      expect(atB).toEqual(atA);
      // A commit right before shutdown is stamped by it, without waiting for the timer.
      const c = await commit();
      await eventually(() => direct['toStamp'].length, (n) => n === 1);
      await direct.beforeApplicationShutdown();
      expect(await stamped(c.id)).not.toBeNull();
      await direct.onApplicationShutdown();
    });

    it("leaves the events to the relay's pass when publishing after the commit fails", async () => {
      const down = { connection: () => Promise.reject(new Error('NATS is down')) } as unknown as NatsConnectionHolder;
      const direct = new OutboxRelay(own, down);
      let nudged = 0;
      const nudge = direct.nudge.bind(direct);
      direct.nudge = () => {
        nudged++;
        nudge();
      };
      direct.publishOnCommit();
      const row = await own.em.fork().transactional(async (tx) => addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId: newId('prd'), imageKeys: [] }));
      // The relay is woken for it, and it is still unstamped.
      await eventually(() => nudged, (n) => n > 0);
      expect(await stamped(row.id)).toBeNull();
      expect(await relay.publishBatch()).toBeGreaterThanOrEqual(1);
      expect(await stamped(row.id)).not.toBeNull();
    });
  });
});
