import { formatRupees, orderNumber } from '@jalaj/commerce';
import { eventSubjects, newId, type EventData } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { eventPublisher, eventually, signUpOverRpc, startTestService, type EventPublisher, type TestService } from '@jalaj/testing';
import { FULFILMENT_MAIL_CONSUMER, ORDER_PAID_MAIL_CONSUMER, REFUND_STARTED_MAIL_CONSUMER } from './order-mails.events.js';

/**
 * Identity's order mails (real PostgreSQL and NATS JetStream, identity as its own process,
 * no SMTP: mails are kept for the development mailbox): one confirmation per paid order and
 * one refund notice per refund started, to the shopper's address, even when the event is
 * delivered twice.
 */
describe('identity: order mails from evt.order.order.* (service process, real infra)', () => {
  let identity: TestService;
  let rpc: RpcClient;
  let events: EventPublisher;
  const paid = eventSubjects['evt.order.order.paid.v1'].fixture;
  const refund = eventSubjects['evt.order.order.refund-started.v1'].fixture;
  const shipped = eventSubjects['evt.order.order.fulfilment-changed.v1'].fixture;

  beforeAll(async () => {
    identity = await startTestService('identity');
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'identity-order-mails-spec' });
    events = await eventPublisher();
  }, 90000);

  afterAll(async () => {
    await events?.close();
    await rpc?.close();
    await identity?.stop();
  });

  const shopper = () => signUpOverRpc(rpc);
  /** The development mailbox's mails to `email` whose subject contains `about`. */
  async function mailsTo(email: string, about: string) {
    const reply = await rpc.request('rpc.identity.mailbox.list', {});
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data.items.filter((m) => m.to === email && m.subject.includes(about));
  }
  /** A merchant order id of the shape the order service mints, with a readable part of its own. */
  const merchantOrderId = () => `MO${Date.now()}${newId('r').slice(-6).toLowerCase()}_k3`;

  /**
   * Publishes an order event of a new shopper (the contract's fixture with a fresh order)
   * and waits for its one mail; then delivers the same event again and checks that it
   * added no second mail.
   */
  async function mailedOnce(subject: 'evt.order.order.paid.v1' | 'evt.order.order.refund-started.v1' | 'evt.order.order.fulfilment-changed.v1', durable: string) {
    const { userId, email } = await shopper();
    const mo = merchantOrderId();
    const number = orderNumber(mo);
    const fixture = subject === 'evt.order.order.paid.v1' ? paid : subject === 'evt.order.order.refund-started.v1' ? refund : shipped;
    const orderId = newId('ord');
    const event = await events.publish(subject, { ...fixture, orderId, merchantOrderId: mo, userId } as EventData<typeof subject>);
    const [mail] = await eventually(() => mailsTo(email, number), (m) => m.length === 1);
    await events.redeliver(event);
    await events.consumed(durable);
    // Every queued message counts, sent or not yet: a second one would be a second mail.
    expect(await identity.sql('select id from messages where recipient = $1 and subject like $2', [email, `%${number}%`])).toEqual([{ id: mail!.id }]);
    return { mail: mail!, number, orderId };
  }

  it('mails one order confirmation with the order number, the lines and the total, even when the event comes twice', async () => {
    const { mail, number, orderId } = await mailedOnce('evt.order.order.paid.v1', ORDER_PAID_MAIL_CONSUMER);
    expect(mail.subject).toBe(`Order confirmed: your Jalaj order #${number}`);
    expect(mail.text).toContain(`Anubias nana × 3 (${formatRupees(paid.lines[0]!.discountedUnitPricePaise)} each, 5% off): ${formatRupees(paid.lines[0]!.lineTotalPaise)}`);
    // The order's money lines, as every screen shows them, and a link to the order itself.
    expect(mail.text).toContain(`Total: ${formatRupees(paid.totalPaise)}`);
    expect(mail.text).toContain('Expected delivery: 3-5 business days.');
    expect(mail.links).toEqual([`http://localhost:8080/orders?order=${orderId}`]);
    const [row] = await identity.sql<{ html: string | null }>('select html from messages where id = $1', [mail.id]);
    expect(row!.html).toContain(`#${number}`);
  });

  it('mails one refund notice saying the plants sold out and the full amount is refunded, even when the event comes twice', async () => {
    const { mail, number } = await mailedOnce('evt.order.order.refund-started.v1', REFUND_STARTED_MAIL_CONSUMER);
    expect(mail.subject).toBe(`Refund for your Jalaj order #${number}`);
    expect(mail.text).toContain('sold out before your payment reached us');
    expect(mail.text).toContain(`We are refunding the full amount of ${formatRupees(refund.refundPaise)} to your original payment method.`);
  });

  it('mails one shipping notice with the courier and the tracking number, even when the event comes twice', async () => {
    const { mail, number } = await mailedOnce('evt.order.order.fulfilment-changed.v1', FULFILMENT_MAIL_CONSUMER);
    expect(mail.subject).toBe(`Your Jalaj order #${number} has shipped`);
    expect(mail.text).toContain(`Courier: ${shipped.courier}\nTracking number: ${shipped.trackingNumber}`);
  });

  it('mails nothing for a step the shopper follows on the order page only (processing, packed)', async () => {
    const { userId, email } = await shopper();
    const mo = merchantOrderId();
    const quiet = await events.publish('evt.order.order.fulfilment-changed.v1', { ...shipped, orderId: newId('ord'), merchantOrderId: mo, userId, status: 'processing', courier: null, trackingNumber: null });
    await events.consumed(FULFILMENT_MAIL_CONSUMER);
    expect(await identity.sql('select event_id from inbox_message where consumer = $1 and event_id = $2', [FULFILMENT_MAIL_CONSUMER, quiet.id])).toHaveLength(1);
    expect(await identity.sql('select id from messages where recipient = $1 and subject like $2', [email, `%${orderNumber(mo)}%`])).toEqual([]);
  });

  it('acknowledges an order of an account it does not know without mailing anyone, and goes on with the next', async () => {
    const stranger = await events.publish('evt.order.order.paid.v1', { ...paid, orderId: newId('ord'), merchantOrderId: merchantOrderId(), userId: newId('usr') });
    const { userId, email } = await shopper();
    const mo = merchantOrderId();
    await events.publish('evt.order.order.paid.v1', { ...paid, orderId: newId('ord'), merchantOrderId: mo, userId });
    await eventually(() => mailsTo(email, orderNumber(mo)), (m) => m.length === 1);
    await events.consumed(ORDER_PAID_MAIL_CONSUMER);
    expect(await identity.sql('select event_id from inbox_message where consumer = $1 and event_id = $2', [ORDER_PAID_MAIL_CONSUMER, stranger.id])).toHaveLength(1);
    expect(await identity.sql("select id from messages where subject like $1", [`%${orderNumber(stranger.data.merchantOrderId)}%`])).toEqual([]);
  });
});
