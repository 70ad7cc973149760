import type { EntityManager } from '@mikro-orm/core';
import { eventSubjects, type EventEnvelope } from '@jalaj/contracts';
import type { EventConsumers, EventHandler } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { orderNumber } from '@jalaj/commerce';
import { CLAIM_DECIDED_MAIL_CONSUMER, CLAIM_FILED_MAIL_CONSUMER, FULFILMENT_MAIL_CONSUMER, ORDER_PAID_MAIL_CONSUMER, OrderMailsEvents, REFUND_STARTED_MAIL_CONSUMER } from './order-mails.events.js';
import { OrderMailsService } from './order-mails.service.js';

/**
 * Which mail each order event queues, and to whom, without a database: the consumers'
 * handlers run against an entity manager whose pool knows some users and that keeps what
 * is persisted. That each event is handled once is the kit's inbox, claimed by the statement
 * that queues the mail (order-mails.int-spec.ts delivers events twice).
 */
type Queued = { kind: string; to: string; subject: string; text: string; status: string };

function setup(users: Record<string, { email: string | null; fullName: string }>) {
  const handlers = new Map<string, { consumer: string; handler: EventHandler<never>; extra: unknown[] }>();
  const consumers = {
    subscribe: async (subject: string, consumer: string, handler: EventHandler<never>, ...extra: unknown[]) => void handlers.set(subject, { consumer, handler, extra }),
  } as unknown as EventConsumers;
  const mails = new OrderMailsService({ PUBLIC_URL: 'https://jalaj.shop' } as IdentityConfig);
  const events = new OrderMailsEvents(consumers, mails);
  /** Delivers `event` to the consumer of its subject, in a transaction of its own; what it queued. */
  async function deliver(event: EventEnvelope): Promise<{ queued: Queued[]; read: string[] }> {
    const queued: Queued[] = [];
    const read: string[] = [];
    // The shopper's row as one statement on the pool reads it (`runSql` outside a transaction).
    const pool = {
      query: async (_text: string, [id]: string[]) => {
        read.push(id!);
        const user = users[id!];
        return { rows: user ? [{ email: user.email, full_name: user.fullName }] : [] };
      },
    };
    const tx = {
      getTransactionContext: () => undefined,
      getConnection: () => ({ getNativeClient: async () => pool }),
      create: (_entity: unknown, row: Queued) => row,
      persist: (row: Queued) => queued.push(row),
      flush: async () => undefined,
    } as unknown as EntityManager;
    await handlers.get(event.subject)!.handler(event as never, tx);
    return { queued, read };
  }
  return { events, handlers, deliver };
}

const envelope = <D>(subject: string, data: D): EventEnvelope<D> => ({ id: `evt_${subject}`, subject, occurredAt: '2026-11-22T10:15:00.000Z', data }) as unknown as EventEnvelope<D>;
const paid = eventSubjects['evt.order.order.paid.v1'].fixture;
const refund = eventSubjects['evt.order.order.refund-started.v1'].fixture;
const step = eventSubjects['evt.order.order.fulfilment-changed.v1'].fixture;

describe('order mails', () => {
  const shopper = { email: 'asha@jalaj.test', fullName: 'Asha Roy' };

  it('consumes each order event with the kit’s inbox, claimed by the statement that queues its mail, under a durable name of its own', async () => {
    const t = setup({});
    await t.events.onApplicationBootstrap();
    const claimed = [undefined, { claimedBy: 'statement' }];
    expect([...t.handlers].map(([subject, { consumer, extra }]) => [subject, consumer, extra])).toEqual([
      ['evt.order.order.paid.v1', ORDER_PAID_MAIL_CONSUMER, claimed],
      ['evt.order.order.refund-started.v1', REFUND_STARTED_MAIL_CONSUMER, claimed],
      ['evt.order.order.fulfilment-changed.v1', FULFILMENT_MAIL_CONSUMER, claimed],
      ['evt.order.claim.filed.v1', CLAIM_FILED_MAIL_CONSUMER, claimed],
      ['evt.order.claim.decided.v1', CLAIM_DECIDED_MAIL_CONSUMER, claimed],
    ]);
  });

  it('mails a guarantee claim received, and the decision: the replacement order, or the reason it was declined', async () => {
    const filed = eventSubjects['evt.order.claim.filed.v1'].fixture;
    const decided = eventSubjects['evt.order.claim.decided.v1'].fixture;
    const t = setup({ [filed.userId]: shopper });
    await t.events.onApplicationBootstrap();
    const received = (await t.deliver(envelope('evt.order.claim.filed.v1', filed))).queued;
    expect(received).toEqual([expect.objectContaining({ to: 'asha@jalaj.test', subject: expect.stringMatching(/^We received your guarantee claim for order #/) })]);
    expect(received[0]!.text).toContain('Anubias nana × 1');
    const approved = (await t.deliver(envelope('evt.order.claim.decided.v1', decided))).queued;
    expect(approved[0]!.subject).toMatch(/is approved$/);
    expect(approved[0]!.text).toContain(`as order #${orderNumber(decided.replacement!.merchantOrderId)}`);
    const declined = (await t.deliver(envelope('evt.order.claim.decided.v1', { ...decided, decision: 'declined' as const, reason: 'Kept without light.', replacement: null }))).queued;
    expect(declined[0]!.text).toContain('Why\nKept without light.');
  });

  it('queues the order confirmation of a paid order to the shopper’s address, greeting them by name', async () => {
    const t = setup({ [paid.userId]: shopper });
    await t.events.onApplicationBootstrap();
    const { queued } = await t.deliver(envelope('evt.order.order.paid.v1', paid));
    expect(queued).toEqual([expect.objectContaining({ kind: 'mail', to: 'asha@jalaj.test', status: 'pending', subject: expect.stringMatching(/^Order confirmed: your Jalaj order #/) })]);
    expect(queued[0]!.text).toMatch(/^Namaste Asha Roy,/);
    expect(queued[0]!.text).toContain('https://jalaj.shop/orders');
  });

  it('queues the refund notice of a refund started, and the notice of a shipment', async () => {
    const t = setup({ [refund.userId]: shopper, [step.userId]: shopper });
    await t.events.onApplicationBootstrap();
    expect((await t.deliver(envelope('evt.order.order.refund-started.v1', refund))).queued).toEqual([expect.objectContaining({ subject: expect.stringMatching(/^Refund for your Jalaj order #/) })]);
    expect((await t.deliver(envelope('evt.order.order.fulfilment-changed.v1', step))).queued).toEqual([expect.objectContaining({ subject: expect.stringMatching(/has shipped$/) })]);
  });

  it('queues nothing, and reads no one, for a step the shopper follows on the order page only', async () => {
    const t = setup({ [step.userId]: shopper });
    await t.events.onApplicationBootstrap();
    for (const status of ['processing', 'packed'] as const) {
      expect(await t.deliver(envelope('evt.order.order.fulfilment-changed.v1', { ...step, status, courier: null, trackingNumber: null }))).toEqual({ queued: [], read: [] });
    }
  });

  it('queues nothing for a shopper without an email address, or an account it does not know', async () => {
    const t = setup({ [paid.userId]: { email: null, fullName: 'Phone Only' } });
    await t.events.onApplicationBootstrap();
    expect((await t.deliver(envelope('evt.order.order.paid.v1', paid))).queued).toEqual([]);
    expect((await t.deliver(envelope('evt.order.order.paid.v1', { ...paid, userId: 'usr_gone' }))).queued).toEqual([]);
  });
});
