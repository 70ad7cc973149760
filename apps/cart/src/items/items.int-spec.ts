import { newId, type Cart, type ProductInput } from '@jalaj/contracts';
import { RpcClient, requestHash, runAsCommand } from '@jalaj/server-kit';
import { eventually, startTestService, type TestService } from '@jalaj/testing';

/**
 * The cart service over its subjects (real PostgreSQL and NATS, a real catalog beside it
 * whose events keep the cart's copy of stock and prices, no BFF): add and merge within
 * stock, quantity changes, removal, clearing, another shopper's lines, catalogue changes
 * and deleted products reaching the cart, and two adds at once.
 */
describe('cart items (service processes, real infra)', () => {
  let catalog: TestService;
  let cart: TestService;
  let rpc: RpcClient;
  const admin = { id: newId('usr'), role: 'admin' as const };
  const shopper = () => ({ id: newId('usr'), role: 'user' as const });

  beforeAll(async () => {
    [catalog, cart] = await Promise.all([startTestService('catalog'), startTestService('cart')]);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'cart-items-spec' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await Promise.all([cart?.stop(), catalog?.stop()]);
  });

  async function product(stockQuantity: number, price = '100.00') {
    const reply = await rpc.request('rpc.catalog.products.create', { actor: admin, product: { name: `Cart plant ${newId('n')}`, price, stockQuantity, category: 'midground', imageUrls: [] } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }
  /** The admin form's save over the product as it is now: its stock set to the one in `fields` (issue #38). */
  async function editProduct(id: string, fields: ProductInput) {
    const [now] = await catalog.sql<{ version: number; stock_quantity: number }>('select version, stock_quantity from products where id = $1', [id]);
    return rpc.request('rpc.catalog.products.update', { actor: admin, id, product: { ...fields, version: now!.version, loadedStockQuantity: now!.stock_quantity } });
  }
  const rows = (userId: string) => cart.sql<{ product_id: string; quantity: number }>('select product_id, quantity from cart_items where user_id = $1 order by product_id', [userId]);
  const cartOf = async (actor: { id: string; role: 'user' }): Promise<Cart> => {
    const reply = await rpc.request('rpc.cart.items.list', { actor });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  };

  it('adds a line, merges a second add into it and prices it from the catalog', async () => {
    const me = shopper();
    const p = await product(10, '200.00');
    expect(await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 1 })).toMatchObject({ ok: true, data: { notice: { code: 'CART_ITEM_ADDED', data: { quantity: 1 } } } });
    const merged = await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 });
    expect(merged).toMatchObject({ ok: true, data: { notice: { code: 'CART_LINE_INCREASED', data: { quantity: 2 } } } });
    // 3 of one plant: 5% off ₹200.00.
    expect(merged.ok && merged.data.cart).toMatchObject({ itemCount: 3, subtotalPaise: 57000, savingsPaise: 3000, lines: [{ productId: p.id, quantity: 3, discountPercent: 5 }] });
    expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 3 }]);
  });

  it('refuses adds beyond the stock with the facts, out of stock and unknown products, and keeps the line', async () => {
    const me = shopper();
    const p = await product(5);
    const out = await product(0);
    await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 3 });
    expect(await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 3 })).toEqual({ ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: p.id, available: 5, inCart: 3 } } });
    expect(await rpc.request('rpc.cart.items.add', { actor: me, productId: out.id, quantity: 1 })).toEqual({ ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: out.id } } });
    const missing = newId('prd');
    expect(await rpc.request('rpc.cart.items.add', { actor: me, productId: missing, quantity: 1 })).toEqual({ ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: missing } } });
    expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 3 }]);
    // Exactly up to the stock is allowed.
    expect(await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 })).toMatchObject({ ok: true });
    expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 5 }]);
  });

  it('sets a quantity within stock, removes the line at zero, removes a line and clears the cart', async () => {
    const me = shopper();
    const a = await product(5);
    const b = await product(5);
    await rpc.request('rpc.cart.items.add', { actor: me, productId: a.id, quantity: 1 });
    await rpc.request('rpc.cart.items.add', { actor: me, productId: b.id, quantity: 1 });
    const lines = (await cartOf(me)).lines;
    const lineA = lines.find((l) => l.productId === a.id)!;
    const lineB = lines.find((l) => l.productId === b.id)!;

    expect(await rpc.request('rpc.cart.items.update', { actor: me, id: lineA.id, quantity: 6 })).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: a.id, available: 5 } } });
    expect(await rpc.request('rpc.cart.items.update', { actor: me, id: lineA.id, quantity: 4 })).toMatchObject({ ok: true, data: { notice: { code: 'CART_QUANTITY_UPDATED', data: { quantity: 4 } }, cart: { itemCount: 5 } } });
    expect(await rpc.request('rpc.cart.items.update', { actor: me, id: lineA.id, quantity: 0 })).toMatchObject({ ok: true, data: { notice: { code: 'CART_ITEM_REMOVED' } } });
    expect(await rows(me.id)).toEqual([{ product_id: b.id, quantity: 1 }]);

    expect(await rpc.request('rpc.cart.items.remove', { actor: me, id: lineB.id })).toMatchObject({ ok: true, data: { notice: { code: 'CART_ITEM_REMOVED' }, cart: { lines: [], itemCount: 0 } } });
    expect(await rpc.request('rpc.cart.items.remove', { actor: me, id: lineB.id })).toMatchObject({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });

    await rpc.request('rpc.cart.items.add', { actor: me, productId: a.id, quantity: 2 });
    await rpc.request('rpc.cart.items.add', { actor: me, productId: b.id, quantity: 2 });
    expect(await rpc.request('rpc.cart.items.clear', { actor: me })).toMatchObject({ ok: true, data: { notice: { code: 'CART_CLEARED' }, cart: { lines: [], itemCount: 0, subtotalPaise: 0 } } });
    expect(await rows(me.id)).toEqual([]);
  });

  it("never lets one shopper see, change, remove or clear another shopper's lines", async () => {
    const owner = shopper();
    const other = shopper();
    const p = await product(5);
    await rpc.request('rpc.cart.items.add', { actor: owner, productId: p.id, quantity: 2 });
    const line = (await cartOf(owner)).lines[0]!;
    expect(await rpc.request('rpc.cart.items.update', { actor: other, id: line.id, quantity: 1 })).toMatchObject({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
    expect(await rpc.request('rpc.cart.items.remove', { actor: other, id: line.id })).toMatchObject({ ok: false, error: { code: 'CART_LINE_NOT_FOUND' } });
    expect((await cartOf(other)).lines).toEqual([]);
    expect(await rpc.request('rpc.cart.items.clear', { actor: other })).toMatchObject({ ok: true });
    expect(await rows(owner.id)).toEqual([{ product_id: p.id, quantity: 2 }]);
  });

  it('keeps a deleted product as a line without product and leaves it out of the totals', async () => {
    const me = shopper();
    const keep = await product(5, '50.00');
    const gone = await product(5, '80.00');
    await rpc.request('rpc.cart.items.add', { actor: me, productId: keep.id, quantity: 1 });
    await rpc.request('rpc.cart.items.add', { actor: me, productId: gone.id, quantity: 1 });
    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: gone.id })).toMatchObject({ ok: true });
    // The deletion reaches the cart's copy by catalog's event.
    const now = await eventually(() => cartOf(me), (c) => c.lines.find((l) => l.productId === gone.id)?.product === null);
    expect(now.lines.find((l) => l.productId === gone.id)).toMatchObject({ product: null, quantity: 1 });
    expect(now).toMatchObject({ itemCount: 2, subtotalPaise: 5000 });
    // It cannot be added again or raised, but it can be removed.
    const line = now.lines.find((l) => l.productId === gone.id)!;
    expect(await rpc.request('rpc.cart.items.update', { actor: me, id: line.id, quantity: 2 })).toMatchObject({ ok: false, error: { code: 'OUT_OF_STOCK' } });
    expect(await rpc.request('rpc.cart.items.remove', { actor: me, id: line.id })).toMatchObject({ ok: true });
  });

  it('makes one line and never exceeds the stock when adds race', async () => {
    const me = shopper();
    const p = await product(5);
    const replies = await Promise.all(Array.from({ length: 8 }, () => rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 1 })));
    expect(replies.filter((r) => r.ok)).toHaveLength(5);
    expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(Array(3).fill('INSUFFICIENT_STOCK'));
    expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 5 }]);
  });

  it("follows the catalogue's changes by its events, the newest winning whatever the order", async () => {
    const me = shopper();
    const p = await product(5, '100.00');
    await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 });
    const changed = await editProduct(p.id, { name: 'Renamed plant', price: '120.00', stockQuantity: 3, category: 'midground', imageUrls: [] });
    expect(changed).toMatchObject({ ok: true });
    const now = await eventually(() => cartOf(me), (c) => c.lines[0]?.product?.pricePaise === 12000);
    expect(now.lines[0]!.product).toMatchObject({ name: 'Renamed plant', pricePaise: 12000, stockQuantity: 3 });
    expect(now.subtotalPaise).toBe(24000);
    // The new stock is what adding checks against.
    expect(await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 })).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK' } });
    // An older change arriving late (say, a redelivery) leaves the newer facts alone.
    await cart.sql("update cart_products set facts_at = now() + interval '1 hour', stock_at = now() + interval '1 hour' where product_id = $1", [p.id]);
    const stale = await editProduct(p.id, { name: 'Older name', price: '90.00', stockQuantity: 9, category: 'midground', imageUrls: [] });
    expect(stale).toMatchObject({ ok: true });
    const [latest] = await catalog.sql<{ id: string }>(
      "select envelope->>'id' as id from outbox_message where subject = 'evt.catalog.product.updated.v1' and envelope->'data'->'product'->>'id' = $1 order by created_at desc limit 1",
      [p.id],
    );
    await eventually(() => cart.sql("select 1 from inbox_message where consumer = 'cart-product-updated' and event_id = $1", [latest!.id]), (r) => r.length === 1);
    expect((await cartOf(me)).lines[0]!.product).toMatchObject({ name: 'Renamed plant', pricePaise: 12000, stockQuantity: 3 });
  });

  describe('a command repeated under its id (ADR 050, 064)', () => {
    const asCommand = <T>(commandId: string, send: () => Promise<T>) => runAsCommand({ commandId }, send);

    it('answers a repeated add with the first decision and the cart as it is now, and adds once', async () => {
      const me = shopper();
      const p = await product(10);
      const other = await product(10);
      const add = () => rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 });
      const id = `${me.id}/${newId('key')}`;
      expect(await asCommand(id, add)).toMatchObject({ ok: true, data: { notice: { code: 'CART_ITEM_ADDED', data: { quantity: 2 } } } });
      await rpc.request('rpc.cart.items.add', { actor: me, productId: other.id, quantity: 1 });
      const again = await asCommand(id, add);
      expect(again).toMatchObject({ ok: true, data: { notice: { code: 'CART_ITEM_ADDED', data: { quantity: 2 } }, cart: { itemCount: 3 } } });
      expect(await rows(me.id)).toEqual(expect.arrayContaining([{ product_id: p.id, quantity: 2 }, { product_id: other.id, quantity: 1 }]));
      // The same id with another request is refused, and changes nothing.
      await expect(asCommand(id, () => rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 3 }))).rejects.toThrow('already used for a different request');
      expect(await rows(me.id)).toHaveLength(2);
    });

    it('adds once when a command races with itself, its statement claiming it (ADR 088), and repeats an add refused', async () => {
      const me = shopper();
      const p = await product(10);
      const id = `${me.id}/${newId('key')}`;
      const add = () => asCommand(id, () => rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 }));
      const replies = await Promise.all(Array.from({ length: 5 }, add));
      for (const reply of replies) expect(reply).toMatchObject({ ok: true, data: { notice: { code: 'CART_ITEM_ADDED', data: { quantity: 2 } } } });
      expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 2 }]);
      // The outcome kept with the claim: the facts the add was decided on and the line after it.
      const [kept] = await cart.sql<{ reply: unknown }>('select reply from command_log where command_id = $1', [id]);
      expect(kept!.reply).toEqual({ stock: 10, existing: 0, after: 2 });
      // An add refused is kept refused, even once the stock would allow it.
      const few = await product(1);
      const refusedId = `${me.id}/${newId('key')}`;
      const tooMany = () => asCommand(refusedId, () => rpc.request('rpc.cart.items.add', { actor: me, productId: few.id, quantity: 2 }));
      const refused = { ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: few.id, available: 1 } } };
      expect(await tooMany()).toMatchObject(refused);
      await editProduct(few.id, { name: 'More of it', price: '100.00', stockQuantity: 9, category: 'midground', imageUrls: [] });
      await eventually(() => cart.sql<{ stock_quantity: number }>('select stock_quantity from cart_products where product_id = $1', [few.id]), (r) => r[0]?.stock_quantity === 9);
      expect(await tooMany()).toMatchObject(refused);
      expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 2 }]);
    });

    it('repeats a refusal as a refusal, even once the stock would allow the change', async () => {
      const me = shopper();
      const p = await product(1);
      await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 1 });
      const line = (await cartOf(me)).lines[0]!;
      const raise = () => rpc.request('rpc.cart.items.update', { actor: me, id: line.id, quantity: 3 });
      const id = `${me.id}/${newId('key')}`;
      const refused = { ok: false, error: { code: 'INSUFFICIENT_STOCK', data: { productId: p.id, available: 1 } } };
      expect(await asCommand(id, raise)).toMatchObject(refused);
      await editProduct(p.id, { name: 'More of it', price: '100.00', stockQuantity: 9, category: 'midground', imageUrls: [] });
      await eventually(() => cartOf(me), (c) => c.lines[0]?.product?.stockQuantity === 9);
      expect(await asCommand(id, raise)).toMatchObject(refused);
      expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 1 }]);
    });

    it('answers a kept whole reply with its decision and the cart as it is now, and a kept refusal as it was', async () => {
      const me = shopper();
      const p = await product(5);
      await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 });
      const keep = async (subject: string, request: object, reply: object) => {
        const id = `${me.id}/${newId('key')}`;
        await cart.sql('insert into command_log (subject, command_id, request_hash, reply, created_at) values ($1, $2, $3, $4::jsonb, now())', [subject, id, requestHash(request), JSON.stringify(reply)]);
        return id;
      };
      const add = { actor: me, productId: p.id, quantity: 1 };
      const empty = { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 };
      const added = await keep('rpc.cart.items.add', add, { ok: true, data: { cart: empty, notice: { code: 'CART_ITEM_ADDED', data: { quantity: 1 } } } });
      expect(await asCommand(added, () => rpc.request('rpc.cart.items.add', add))).toMatchObject({
        ok: true,
        data: { notice: { code: 'CART_ITEM_ADDED', data: { quantity: 1 } }, cart: { itemCount: 2, lines: [{ productId: p.id, quantity: 2 }] } },
      });
      const refused = { ok: false, error: { code: 'OUT_OF_STOCK', data: { productId: p.id } } };
      const refusedId = await keep('rpc.cart.items.add', add, refused);
      expect(await asCommand(refusedId, () => rpc.request('rpc.cart.items.add', add))).toEqual(refused);
      expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 2 }]);
    });

    it('answers an outcome kept by the change functions before ADR 064 with the decision it stood for', async () => {
      const me = shopper();
      const p = await product(5);
      await rpc.request('rpc.cart.items.add', { actor: me, productId: p.id, quantity: 2 });
      const line = (await cartOf(me)).lines[0]!;
      const keep = async (subject: string, request: object, outcome: object) => {
        const id = `${me.id}/${newId('key')}`;
        await cart.sql('insert into command_log (subject, command_id, request_hash, reply, created_at) values ($1, $2, $3, $4::jsonb, now())', [subject, id, requestHash(request), JSON.stringify(outcome)]);
        return id;
      };
      const add = { actor: me, productId: p.id, quantity: 2 };
      const added = await keep('rpc.cart.items.add', add, { stock: 5, existing: 0, after: 2 });
      expect(await asCommand(added, () => rpc.request('rpc.cart.items.add', add))).toMatchObject({
        ok: true,
        data: { notice: { code: 'CART_ITEM_ADDED', data: { quantity: 2 } }, cart: { itemCount: 2 } },
      });
      const raise = { actor: me, id: line.id, quantity: 3 };
      const refused = await keep('rpc.cart.items.update', raise, { stock: 1, product: p.id });
      expect(await asCommand(refused, () => rpc.request('rpc.cart.items.update', raise))).toEqual({
        ok: false,
        error: { code: 'INSUFFICIENT_STOCK', data: { productId: p.id, available: 1, inCart: 0 } },
      });
      const clear = { actor: me };
      const cleared = await keep('rpc.cart.items.clear', clear, { removed: 1 });
      expect(await asCommand(cleared, () => rpc.request('rpc.cart.items.clear', clear))).toMatchObject({ ok: true, data: { notice: { code: 'CART_CLEARED' } } });
      expect(await rows(me.id)).toEqual([{ product_id: p.id, quantity: 2 }]);
    });
  });
});
