import { connect } from '@nats-io/transport-node';
import { eventSubjects, newId, type OrderLine } from '@jalaj/contracts';
import { eventPublisher, eventually, startTestService, type EventPublisher, type TestService } from '@jalaj/testing';
import { removeBought } from './bought-lines.js';
import { ORDER_PAID_CONSUMER } from './items.events.js';

/**
 * What a paid order does to the cart (real PostgreSQL and NATS JetStream, the cart service
 * as its own process): `evt.order.order.paid.v1` takes the bought quantities out of the
 * shopper's cart lines the order was made of, keeps what was added since checkout began
 * (also a line added again after the shopper emptied the cart, ADR 086), and a redelivered
 * event changes nothing more but announces the cart's change again.
 */
describe('cart: evt.order.order.paid.v1 (service process, real infra)', () => {
  let cart: TestService;
  let events: EventPublisher;
  // Without the cart lines: each test says which lines its order was made of.
  const { cartLineIds: _fixtureLines, ...paid } = eventSubjects['evt.order.order.paid.v1'].fixture;

  beforeAll(async () => {
    cart = await startTestService('cart');
    events = await eventPublisher();
  }, 90000);

  afterAll(async () => {
    await events?.close();
    await cart?.stop();
  });

  const rows = (userId: string) => cart.sql<{ product_id: string; quantity: number }>('select product_id, quantity from cart_items where user_id = $1 order by product_id', [userId]);
  /** Puts the lines in the shopper's cart; answers their ids by product. */
  async function putInCart(userId: string, lines: Record<string, number>): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const [productId, quantity] of Object.entries(lines)) {
      ids[productId] = newId('cit');
      await cart.sql('insert into cart_items (id, user_id, product_id, quantity) values ($1, $2, $3, $4)', [ids[productId], userId, productId, quantity]);
    }
    return ids;
  }
  const bought = (productId: string, quantity: number): OrderLine => ({ ...paid.lines[0]!, productId, productName: `Plant ${productId}`, quantity });

  it('removes the bought lines, lowers a line with more in it now, keeps lines added since, and once only', async () => {
    const userId = newId('usr');
    const [whole, raised, later] = ['prd_a', 'prd_b', 'prd_c'].map((p) => `${p}_${newId('x')}`) as [string, string, string];
    // Bought 2 of `whole` and 3 of `raised`; since checkout began the shopper added 2 more
    // of `raised` and a new line `later`.
    const ids = await putInCart(userId, { [whole]: 2, [raised]: 5, [later]: 1 });
    const someoneElse = newId('usr');
    await putInCart(someoneElse, { [whole]: 4 });

    const event = await events.publish('evt.order.order.paid.v1', {
      ...paid,
      orderId: newId('ord'),
      userId,
      lines: [bought(whole, 2), bought(raised, 3)],
      cartLineIds: [ids[whole]!, ids[raised]!],
    });
    const after = await eventually(() => rows(userId), (r) => r.length === 2);
    expect(after).toEqual(
      [
        { product_id: raised, quantity: 2 },
        { product_id: later, quantity: 1 },
      ].sort((a, b) => a.product_id.localeCompare(b.product_id)),
    );
    expect(await rows(someoneElse)).toEqual([{ product_id: whole, quantity: 4 }]);
    expect(await cart.sql('select event_id from inbox_message where consumer = $1 and event_id = $2', [ORDER_PAID_CONSUMER, event.id])).toHaveLength(1);

    // The same event again (a redelivery after a crash before the ack) takes nothing more,
    // and says again that the cart changed: the crash may have come before the first hint.
    await events.consumed(ORDER_PAID_CONSUMER);
    const nc = await connect({ servers: process.env.NATS_URL! });
    const hinted: string[] = [];
    nc.subscribe('hint.cart.cart.changed.v1', { callback: (_err, msg) => void hinted.push((msg.json() as { userId: string }).userId) });
    await nc.flush();
    try {
      await events.redeliver(event);
      await events.consumed(ORDER_PAID_CONSUMER);
      expect(await rows(userId)).toEqual(after);
      await eventually(async () => hinted, (h) => h.includes(userId));
    } finally {
      await nc.close();
    }
  });

  it('takes no more than the cart holds when the shopper lowered a line meanwhile, and ignores lines already gone', async () => {
    const userId = newId('usr');
    const [lowered, gone] = [`prd_l_${newId('x')}`, `prd_g_${newId('x')}`];
    const ids = await putInCart(userId, { [lowered]: 1 });
    const event = await events.publish('evt.order.order.paid.v1', {
      ...paid,
      orderId: newId('ord'),
      userId,
      lines: [bought(lowered, 4), bought(gone, 1)],
      cartLineIds: [ids[lowered]!, newId('cit')],
    });
    await eventually(() => rows(userId), (r) => r.length === 0);
    await events.consumed(ORDER_PAID_CONSUMER);
    expect(await cart.sql('select count(*)::int as n from inbox_message where event_id = $1', [event.id])).toEqual([{ n: 1 }]);
  });

  it('keeps a line the shopper added again after emptying the cart: the paid order was not made of it', async () => {
    // The shopper gave up on a payment still pending, emptied the cart and added the plant
    // again; the payment then went through (PhonePe's late answer).
    const userId = newId('usr');
    const plant = `prd_again_${newId('x')}`;
    const first = await putInCart(userId, { [plant]: 1 });
    await cart.sql('delete from cart_items where user_id = $1', [userId]);
    const again = await putInCart(userId, { [plant]: 1 });
    const event = await events.publish('evt.order.order.paid.v1', { ...paid, orderId: newId('ord'), userId, lines: [bought(plant, 1)], cartLineIds: [first[plant]!] });
    await events.consumed(ORDER_PAID_CONSUMER);
    expect(await cart.sql('select count(*)::int as n from inbox_message where event_id = $1', [event.id])).toEqual([{ n: 1 }]);
    expect(await cart.sql('select id, quantity from cart_items where user_id = $1', [userId])).toEqual([{ id: again[plant], quantity: 1 }]);
  });

  it("takes out of the cart what removeBought's rule says, for every shape of cart and order (with and without the order's cart lines)", async () => {
    const cases: { held: Record<string, number>; bought: [string, number][] }[] = [
      { held: { a: 1 }, bought: [['a', 1]] },
      { held: { a: 3 }, bought: [['a', 2]] },
      { held: { a: 3 }, bought: [['a', 1], ['a', 1]] },
      { held: { a: 2, b: 5, c: 1 }, bought: [['a', 4], ['b', 2], ['d', 1]] },
      { held: { a: 4 }, bought: [['a', 2]] },
      { held: {}, bought: [['a', 1]] },
    ];
    const expected: Record<string, { product_id: string; quantity: number }[]> = {};
    for (const [n, { held, bought: lines }] of [...cases, ...cases].entries()) {
      // The first round's orders name the cart lines they were made of; the second's (placed before that was recorded) do not.
      const named = n < cases.length;
      const userId = newId('usr');
      const id = (p: string) => `prd_${p}_${userId}`;
      await putInCart(userId, Object.fromEntries(Object.entries(held).map(([p, q]) => [id(p), q])));
      const before = await cart.sql<{ id: string; product_id: string; quantity: number }>('select id, product_id, quantity from cart_items where user_id = $1', [userId]);
      const order = lines.map(([p, quantity]) => bought(id(p), quantity));
      const madeOf = named ? before.map((r) => r.id) : undefined;
      const { lower, remove } = removeBought(
        before.map((r) => ({ id: r.id, productId: r.product_id, quantity: r.quantity })),
        order,
        madeOf,
      );
      expected[userId] = before
        .filter((r) => !remove.includes(r.id))
        .map((r) => ({ product_id: r.product_id, quantity: lower.find((l) => l.id === r.id)?.quantity ?? r.quantity }))
        .sort((a, b) => a.product_id.localeCompare(b.product_id));
      await events.publish('evt.order.order.paid.v1', { ...paid, orderId: newId('ord'), userId, lines: order, ...(madeOf ? { cartLineIds: madeOf } : {}) });
    }
    await events.consumed(ORDER_PAID_CONSUMER);
    for (const [userId, after] of Object.entries(expected)) expect({ userId, after: await rows(userId) }).toEqual({ userId, after });
  });
});
