import { jest } from '@jest/globals';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { addToOutbox, OutboxRelay } from './outbox.js';
import type { NatsConnectionHolder } from './nats.module.js';

/** Turns of the event loop, so a woken relay gets to run its pass. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

describe('OutboxRelay.nudge', () => {
  let relay: OutboxRelay;
  let passes: number;

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    relay = new OutboxRelay({} as MikroORM, {} as NatsConnectionHolder);
    passes = 0;
    // The relay's work is not the point here: count its passes, each publishing nothing.
    relay.publishBatch = async () => (passes++, 0);
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

  it('wakes the relay at once when an event was queued since its last pass', async () => {
    const em = { create: (_: unknown, data: unknown) => data, persist: () => undefined } as unknown as EntityManager;
    addToOutbox(em, 'evt.catalog.product.deleted.v1', { productId: 'prd_1', imageKeys: [] });
    relay.nudge();
    await settle();
    expect(passes).toBe(2);
    // That pass saw it: the next nudge without new events does nothing.
    relay.nudge();
    await settle();
    expect(passes).toBe(2);
  });
});
