import { connect } from '@nats-io/transport-node';
import { eventSubjects, newId } from '@jalaj/contracts';
import { eventPublisher, eventually, startTestService, type EventPublisher, type TestService } from '@jalaj/testing';
import { PRODUCT_FACTS_CONSUMERS } from './products.events.js';

/**
 * A catalogue event the cart handled before, delivered again (the replica that handled it
 * died before its acknowledgement, perhaps before its change hint): the cart says again
 * that carts holding the product changed (real NATS and PostgreSQL, the cart as a process).
 */
describe('cart: a repeated catalogue event announces its products again (service process, real infra)', () => {
  let cart: TestService;
  let events: EventPublisher;

  beforeAll(async () => {
    cart = await startTestService('cart');
    events = await eventPublisher();
  }, 90000);

  afterAll(async () => {
    await events?.close();
    await cart?.stop();
  });

  it('hints the product again on a redelivered update', async () => {
    const fixture = eventSubjects['evt.catalog.product.updated.v1'].fixture;
    const product = { ...fixture.product, id: `prd_${newId('x')}` };
    const event = await events.publish('evt.catalog.product.updated.v1', { ...fixture, removedImageUrls: [...fixture.removedImageUrls], product });
    await events.consumed(PRODUCT_FACTS_CONSUMERS.updated);
    expect(await cart.sql('select 1 from inbox_message where consumer = $1 and event_id = $2', [PRODUCT_FACTS_CONSUMERS.updated, event.id])).toHaveLength(1);

    const nc = await connect({ servers: process.env.NATS_URL! });
    const hinted: string[] = [];
    nc.subscribe('hint.cart.products.changed.v1', { callback: (_err, msg) => void hinted.push(...(msg.json() as { productIds: string[] }).productIds) });
    await nc.flush();
    try {
      await events.redeliver(event);
      await events.consumed(PRODUCT_FACTS_CONSUMERS.updated);
      await eventually(() => hinted, (h) => h.includes(product.id));
    } finally {
      await nc.close();
    }
  });
});
