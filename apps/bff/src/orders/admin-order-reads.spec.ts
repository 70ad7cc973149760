import { jest } from '@jest/globals';
import type { NatsConnectionHolder } from '@jalaj/server-kit';
import { ADMIN_CONFIRM_MS, AdminOrderReads } from './admin-order-reads.service.js';

/** The order service as the BFF sees it: a list whose answer and refusals the test sets. */
function setup() {
  const service = { asked: 0, total: 3, refuse: false };
  const load = async () => {
    service.asked++;
    if (service.refuse) throw new Error('ADMIN_REQUIRED');
    return { items: [], total: service.total, page: 1, pageSize: 20 };
  };
  const reads = new AdminOrderReads({} as NatsConnectionHolder);
  const total = async (adminId: string, query: unknown = { page: 1, pageSize: 20 }) => JSON.parse((await reads.page(adminId, query, load)).json.toString()).total as number;
  return { service, reads, total };
}

describe('the Orders tab kept by the BFF', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-24T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('asks the order service for an admin it has not confirmed, then answers that admin from memory', async () => {
    const { service, total } = setup();
    expect(await total('usr_a')).toBe(3);
    expect(await total('usr_a')).toBe(3);
    expect(await total('usr_a')).toBe(3);
    // The first confirmed the admin, the second was kept, the third came from memory.
    expect(service.asked).toBe(2);
    // Another query is another page.
    expect(await total('usr_a', { page: 2, pageSize: 20 })).toBe(3);
    expect(service.asked).toBe(3);
  });

  it('sends an admin whose confirmation is older than the interval to the order service again, and keeps no refusal', async () => {
    const { service, total } = setup();
    await total('usr_a');
    await total('usr_a');
    jest.advanceTimersByTime(ADMIN_CONFIRM_MS + 1);
    service.refuse = true;
    // Demoted: the order service (which asks identity) refuses, and the kept page is not given out.
    await expect(total('usr_a')).rejects.toThrow('ADMIN_REQUIRED');
    await expect(total('usr_a')).rejects.toThrow('ADMIN_REQUIRED');
    expect(service.asked).toBe(4);
    // A second admin is confirmed on their own.
    service.refuse = false;
    expect(await total('usr_b')).toBe(3);
    expect(service.asked).toBe(5);
  });

  it('forgets every page after a change made through it', async () => {
    const { service, reads, total } = setup();
    await total('usr_a');
    await total('usr_a');
    service.total = 2;
    expect(await total('usr_a')).toBe(3);
    reads.changed();
    expect(await total('usr_a')).toBe(2);
  });
});
