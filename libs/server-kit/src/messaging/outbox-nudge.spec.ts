import { jest } from '@jest/globals';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { addToOutbox, forgetPublished, OutboxRelay, relayIdleWait } from './outbox.js';
import type { NatsConnectionHolder } from './nats.module.js';

/** Turns of the event loop, so a woken relay gets to run its pass. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

// In a savepoint: the events are the relay passes' (publishing on commit is the int spec's).
const savepoint = { savepointName: 'spec' };
const em = { getTransactionContext: () => savepoint } as unknown as EntityManager;
const orm = { em: { getEventManager: () => ({ registerSubscriber: () => undefined }) } } as unknown as MikroORM;
const queueEvent = () => addToOutbox(em, 'evt.catalog.product.deleted.v1', { productId: 'prd_1', imageKeys: [] }).id;

describe('OutboxRelay.nudge', () => {
  let relay: OutboxRelay;
  let passes: number;
  /** What the next pass finds committed and publishes. */
  let committed: string[];
  /** Runs inside the next pass, after it looked (a commit it did not see). */
  let duringPass: (() => void) | undefined;

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    relay = new OutboxRelay(orm, {} as NatsConnectionHolder);
    passes = 0;
    committed = [];
    duringPass = undefined;
    // The relay's database and NATS work is not the point here: a pass publishes `committed`.
    relay.publishBatch = async () => {
      passes++;
      const published = committed;
      committed = [];
      duringPass?.();
      duringPass = undefined;
      forgetPublished(published);
      return published.length;
    };
    relay.onApplicationBootstrap();
    await settle();
  });

  afterEach(async () => {
    await relay.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('does not wake the relay when this process queued no event (a command without events)', async () => {
    expect(passes).toBe(1);
    relay.nudge();
    await settle();
    expect(passes).toBe(1);
    // The regular tick still looks (other replicas' rows).
    jest.advanceTimersByTime(250);
    await settle();
    expect(passes).toBe(2);
  });

  it('wakes the relay at once when an event it has not published was queued', async () => {
    committed = [queueEvent()];
    relay.nudge();
    await settle();
    // It published one, less than a batch: nothing more to see, so it waits.
    expect(passes).toBe(2);
    // Published: a nudge without new events does nothing.
    relay.nudge();
    await settle();
    expect(passes).toBe(2);
  });

  it('looks again at once after a whole batch, which may have left rows behind', async () => {
    committed = Array.from({ length: 100 }, () => queueEvent());
    relay.nudge();
    await settle();
    // The woken pass published a whole batch, the next found nothing: then it waits.
    expect(passes).toBe(3);
  });

  it('looks once more when a nudge comes during a pass, whose commit that pass may not have seen', async () => {
    const id = queueEvent();
    // The event's transaction commits, and nudges, while the woken pass is under way.
    duringPass = () => {
      committed = [id];
      relay.nudge();
    };
    jest.advanceTimersByTime(250);
    await settle();
    // The tick's pass (which missed it), then the one the nudge asked for.
    expect(passes).toBe(3);
  });

  it('waits longer after each empty pass, up to 2 s, and starts over after publishing', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = passes;
      let waited = 0;
      while (passes === before) {
        jest.advanceTimersByTime(50);
        waited += 50;
        await settle();
      }
      waits.push(waited);
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 2000]);
    committed = [queueEvent()];
    relay.nudge();
    await settle();
    const before = passes;
    jest.advanceTimersByTime(250);
    await settle();
    expect(passes).toBe(before + 1);
  });
});

describe('relayIdleWait', () => {
  it('doubles from 250 ms and stops at 2 s', () => {
    expect([1, 2, 3, 4, 5, 10].map(relayIdleWait)).toEqual([250, 500, 1000, 2000, 2000, 2000]);
  });
});
