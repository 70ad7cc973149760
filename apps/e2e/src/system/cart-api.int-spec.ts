import { eventually, httpClient, newConfirmedShopper, startTestShop, TEST_ADMIN, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * The cart through the BFF with real identity, catalog, cart and BFF processes: the
 * spec's add rules and texts, quantity changes, another shopper's lines, deleted
 * products, and two tabs adding at once.
 */
describe('cart through the BFF (real processes)', () => {
  let shop: TestShop;
  let base = '';
  let adminToken = '';

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog', 'cart'] });
    base = shop.base;
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
  }, 120000);

  afterAll(() => shop?.stop());

  const call: HttpCall = (method, path, opts) => httpClient(base)(method, path, opts);
  const shopper = async () => (await newConfirmedShopper(call, 'cart')).token;
  let seq = 0;

  async function newProduct(stockQuantity: number, price = '100.00') {
    const body = { name: `Test plant ${++seq}`, description: 'For the cart spec', price, stockQuantity, category: 'midground', imageUrls: [] };
    return (await call('POST', '/api/admin/products', { token: adminToken, body })).body as { id: string; name: string };
  }

  it('asks for sign-in', async () => {
    expect((await call('GET', '/api/cart')).status).toBe(401);
    expect((await call('POST', '/api/cart/items', { body: { productId: 'x', quantity: 1 } })).status).toBe(401);
  });

  it('adds with the spec rules, texts and server-computed discounts', async () => {
    const token = await shopper();
    const p = await newProduct(10, '200.00');
    const out = await newProduct(0);

    expect((await call('POST', '/api/cart/items', { token, body: { productId: out.id, quantity: 1 } })).body).toMatchObject({
      status: 409,
      code: 'OUT_OF_STOCK',
      title: 'Out of Stock',
      message: 'This item is currently out of stock',
    });
    expect((await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 11 } })).body).toMatchObject({ title: 'Insufficient Stock', message: 'Only 10 items available' });

    const first = await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 1 } });
    expect(first.body).toMatchObject({ notice: { code: 'CART_ITEM_ADDED', data: { quantity: 1 } }, title: 'Added to Cart', message: '1 item successfully added to your cart' });
    const second = await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 2 } });
    expect(second.body).toMatchObject({ title: 'Updated Cart', message: 'Cart updated with 2 more items' });
    // 3 of one plant: 5% off ₹200.00 = ₹190.00 each.
    expect(second.body.cart).toMatchObject({ itemCount: 3, subtotalPaise: 57000, savingsPaise: 3000 });
    expect(second.body.cart.lines[0]).toMatchObject({ quantity: 3, discountPercent: 5, discountedUnitPricePaise: 19000, lineTotalPaise: 57000 });

    expect((await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 8 } })).body).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      // The facts travel with the code, so a client can word it itself (ADR 013).
      data: { productId: p.id, available: 10, inCart: 3 },
      title: 'Insufficient Stock',
      message: 'Only 10 items available. You already have 3 in cart.',
    });
    expect((await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 0 } })).status).toBe(400);
    expect((await call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 'lots' } })).status).toBe(400);
    expect((await call('POST', '/api/cart/items', { token, body: { productId: 'prd_missing', quantity: 1 } })).body).toMatchObject({ code: 'OUT_OF_STOCK' });
  });

  it('changes quantities, removes at zero, refuses above stock, removes and clears', async () => {
    const token = await shopper();
    const a = await newProduct(5);
    const b = await newProduct(5);
    await call('POST', '/api/cart/items', { token, body: { productId: a.id, quantity: 1 } });
    const cart = (await call('POST', '/api/cart/items', { token, body: { productId: b.id, quantity: 1 } })).body.cart;
    const lineA = cart.lines.find((l: { productId: string }) => l.productId === a.id);
    const lineB = cart.lines.find((l: { productId: string }) => l.productId === b.id);

    expect((await call('PATCH', `/api/cart/items/${lineA.id}`, { token, body: { quantity: 6 } })).body).toMatchObject({ title: 'Insufficient Stock', message: 'Only 5 items available' });
    expect((await call('PATCH', `/api/cart/items/${lineA.id}`, { token, body: { quantity: 5 } })).body.cart.itemCount).toBe(6);
    const removed = await call('PATCH', `/api/cart/items/${lineA.id}`, { token, body: { quantity: 0 } });
    expect(removed.body).toMatchObject({ title: 'Removed from Cart', message: 'Item removed from your cart' });
    expect(removed.body.cart.lines).toHaveLength(1);

    const other = await shopper();
    expect((await call('PATCH', `/api/cart/items/${lineB.id}`, { token: other, body: { quantity: 2 } })).status).toBe(404);
    expect((await call('DELETE', `/api/cart/items/${lineB.id}`, { token: other })).status).toBe(404);
    expect((await call('GET', '/api/cart', { token: other })).body.lines).toEqual([]);
    expect((await call('DELETE', '/api/cart', { token: other })).status).toBe(200);
    expect((await call('GET', '/api/cart', { token })).body.lines).toHaveLength(1);

    expect((await call('DELETE', `/api/cart/items/${lineB.id}`, { token })).body.cart.lines).toEqual([]);
    await call('POST', '/api/cart/items', { token, body: { productId: a.id, quantity: 2 } });
    expect((await call('DELETE', '/api/cart', { token })).body).toMatchObject({ title: 'Cart Cleared', message: 'All items removed from your cart', cart: { lines: [], itemCount: 0 } });
  });

  it('shows a deleted product as such and leaves it out of the totals', async () => {
    const token = await shopper();
    const keep = await newProduct(5, '50.00');
    const gone = await newProduct(5, '80.00');
    await call('POST', '/api/cart/items', { token, body: { productId: keep.id, quantity: 1 } });
    await call('POST', '/api/cart/items', { token, body: { productId: gone.id, quantity: 1 } });
    await call('DELETE', `/api/admin/products/${gone.id}`, { token: adminToken });
    // The deletion reaches the cart's copy of the catalogue by catalog's event.
    const goneLine = (c: { lines: { productId: string; product: unknown }[] }) => c.lines.find((l) => l.productId === gone.id);
    const cart = await eventually(async () => (await call('GET', '/api/cart', { token })).body, (c) => goneLine(c)?.product === null);
    expect(goneLine(cart)?.product).toBeNull();
    expect(cart.subtotalPaise).toBe(5000);
  });

  it('never exceeds the stock or makes two lines when two tabs add at once', async () => {
    const token = await shopper();
    const p = await newProduct(5);
    const results = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/api/cart/items', { token, body: { productId: p.id, quantity: 1 } })));
    const cart = (await call('GET', '/api/cart', { token })).body;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(5);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
  });
});
