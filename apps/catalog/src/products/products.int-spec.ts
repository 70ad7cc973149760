import { newId, productSchema, type AdminProduct, type Product, type ProductInput, type ProductUpdateInput } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { startTestService, type TestService } from '@jalaj/testing';

/**
 * The catalog service alone (real PostgreSQL and NATS, no BFF): product writes over its
 * subjects, admins only, each with its event in the outbox in the same transaction.
 */
describe('catalog products (service process, real infra)', () => {
  let catalog: TestService;
  let rpc: RpcClient;
  const admin = { id: newId('usr'), role: 'admin' as const };
  const shopper = { id: newId('usr'), role: 'user' as const };
  const input = (over: Partial<ProductInput> = {}): ProductInput => ({
    name: `Spec plant ${newId('n')}`,
    description: 'For the products spec',
    price: '120.50',
    stockQuantity: 7,
    category: 'midground',
    imageUrls: [],
    ...over,
  });

  beforeAll(async () => {
    catalog = await startTestService('catalog');
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'catalog-products-spec' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await catalog?.stop();
  });

  /** A save of the form over `product` as it was loaded. */
  const edit = (product: AdminProduct, over: Partial<ProductInput> = {}): ProductUpdateInput => ({
    ...input(over),
    version: product.version,
    loadedStockQuantity: product.stockQuantity,
  });
  /** The product as the storefront and the events see it: without the admin's edit version. */
  const publicOf = (product: AdminProduct): Product => productSchema.parse(product);

  async function create(over: Partial<ProductInput> = {}): Promise<AdminProduct> {
    const reply = await rpc.request('rpc.catalog.products.create', { actor: admin, product: input(over) });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }

  async function update(product: AdminProduct, body: ProductUpdateInput) {
    return rpc.request('rpc.catalog.products.update', { actor: admin, id: product.id, product: body });
  }

  async function stockOf(id: string): Promise<number> {
    const [row] = await catalog.sql<{ stock_quantity: number }>('select stock_quantity from products where id = $1', [id]);
    return row!.stock_quantity;
  }

  /** A sale of `quantity`: a reservation and its commit, as a checkout makes them. */
  async function sell(id: string, quantity: number) {
    const reservationId = newId('res');
    const reserved = await rpc.request('rpc.catalog.stock.reserve', { orderNumber: 'SPEC0001', reservationId, lines: [{ productId: id, quantity }], ttlSeconds: 900 });
    if (!reserved.ok) throw new Error(JSON.stringify(reserved.error));
    const committed = await rpc.request('rpc.catalog.stock.commit', { reservationId });
    if (!committed.ok) throw new Error(JSON.stringify(committed.error));
  }

  it('creates a product as an admin: the row in paise-free rupees, the reply in paise, the created event', async () => {
    const product = await create({ price: '120.50', stockQuantity: 7, plantDifficulty: 'easy' });
    expect(product).toMatchObject({ pricePaise: 12050, stockQuantity: 7, category: 'midground', plantDifficulty: 'easy', co2Requirement: null });
    const [row] = await catalog.sql<{ price: string; stock_quantity: number }>('select price, stock_quantity from products where id = $1', [product.id]);
    expect(row).toEqual({ price: '120.50', stock_quantity: 7 });
    const events = await catalog.outbox<{ product: Product }>('evt.catalog.product.created.v1');
    expect(product.version).toBe(1);
    expect(events.filter((e) => e.product.id === product.id)).toEqual([{ product: publicOf(product) }]);
    expect(await rpc.request('rpc.catalog.products.get', { id: product.id })).toEqual({ ok: true, data: publicOf(product) });
  });

  it('refuses invalid input with the fields and writes nothing', async () => {
    const name = `Invalid ${newId('n')}`;
    const reply = await rpc.request('rpc.catalog.products.create', { actor: admin, product: input({ name, price: '-1', stockQuantity: 'many' }) });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error).toMatchObject({ code: 'PRODUCT_INVALID', data: { action: 'create' } });
    expect((reply.error.fieldErrors ?? []).map((f) => f.field)).toEqual(expect.arrayContaining(['price', 'stockQuantity']));
    expect(await catalog.sql('select id from products where name = $1', [name])).toEqual([]);
  });

  it('updates a product as an admin and queues the updated event with the new fields', async () => {
    const product = await create();
    const reply = await update(product, edit(product, { name: 'Renamed plant', price: '99', stockQuantity: 3 }));
    expect(reply).toMatchObject({ ok: true, data: { id: product.id, name: 'Renamed plant', pricePaise: 9900, stockQuantity: 3, version: 2 } });
    const events = await catalog.outbox<{ product: Product; removedImageUrls: string[] }>('evt.catalog.product.updated.v1');
    expect(events.filter((e) => e.product.id === product.id)).toEqual([{ product: reply.ok && publicOf(reply.data), removedImageUrls: [] }]);
    expect(await rpc.request('rpc.catalog.products.update', { actor: admin, id: newId('prd'), product: edit(product) })).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it('refuses a save over a version another save replaced, with the product as it is now, and writes nothing', async () => {
    const loaded = await create({ stockQuantity: 3 });
    const first = await update(loaded, edit(loaded, { name: 'Saved first', stockQuantity: 3 }));
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    const outboxBefore = await catalog.sql<{ n: string }>('select count(*)::text as n from outbox_message');
    expect(await update(loaded, edit(loaded, { name: 'Saved stale', stockQuantity: 9 }))).toEqual({ ok: false, error: { code: 'PRODUCT_CHANGED', data: { product: first.data } } });
    expect(first.data).toMatchObject({ name: 'Saved first', version: 2 });
    expect(await stockOf(loaded.id)).toBe(3);
    expect(await catalog.sql<{ n: string }>('select count(*)::text as n from outbox_message')).toEqual(outboxBefore);
  });

  it('keeps a sale made while the form was open: the stock typed is a change from the stock loaded', async () => {
    const loaded = await create({ stockQuantity: 3 });
    await sell(loaded.id, 1);
    const unchanged = await update(loaded, edit(loaded, { name: 'Renamed after a sale', stockQuantity: 3 }));
    expect(unchanged).toMatchObject({ ok: true, data: { name: 'Renamed after a sale', stockQuantity: 2, version: 2 } });
    expect(await stockOf(loaded.id)).toBe(2);

    const again = await create({ stockQuantity: 3 });
    await sell(again.id, 1);
    expect(await update(again, edit(again, { stockQuantity: 8 }))).toMatchObject({ ok: true, data: { stockQuantity: 7, version: 2 } });
    expect(await stockOf(again.id)).toBe(7);
  });

  it('moves the last change (updatedAt) with every saved edit and every sale, never with a refused save', async () => {
    const created = await create({ stockQuantity: 5 });
    expect(created.updatedAt).toBe(created.createdAt);
    const updatedAtOf = async () => {
      const reply = await rpc.request('rpc.catalog.products.get', { id: created.id });
      if (!reply.ok) throw new Error(JSON.stringify(reply.error));
      return reply.data.updatedAt;
    };
    const saved = await update(created, edit(created, { name: 'Edited plant', stockQuantity: 5 }));
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    expect(saved.data.updatedAt > created.updatedAt).toBe(true);
    expect(await updatedAtOf()).toBe(saved.data.updatedAt);

    await update(created, edit(created, { name: 'Stale save' }));
    expect(await updatedAtOf()).toBe(saved.data.updatedAt);

    await sell(created.id, 1);
    expect((await updatedAtOf()) > saved.data.updatedAt).toBe(true);
  });

  it('refuses a stock change that would go below 0 after sales, and writes nothing', async () => {
    const loaded = await create({ stockQuantity: 3 });
    await sell(loaded.id, 2);
    expect(await update(loaded, edit(loaded, { name: 'Too few left', stockQuantity: 0 }))).toMatchObject({
      ok: false,
      error: { code: 'PRODUCT_STOCK_BELOW_ZERO', data: { productId: loaded.id, stockQuantity: 1, change: -3 } },
    });
    const [row] = await catalog.sql<{ name: string; stock_quantity: number; version: number }>('select name, stock_quantity, version from products where id = $1', [loaded.id]);
    expect(row).toEqual({ name: loaded.name, stock_quantity: 1, version: 1 });
  });

  it('names only the images no other product uses when an update drops them', async () => {
    const shared = `/media/products/${newId('upl')}/large.webp`;
    const own = `/media/products/${newId('upl')}/large.webp`;
    const a = await create({ imageUrls: [shared, own] });
    await create({ imageUrls: [shared] });
    await update(a, edit(a, { imageUrls: [] }));
    const event = (await catalog.outbox<{ product: Product; removedImageUrls: string[] }>('evt.catalog.product.updated.v1')).find((e) => e.product.id === a.id);
    expect(event?.removedImageUrls).toEqual([own]);
  });

  it('deletes a product as an admin: the row gone, the deleted event with its own image keys', async () => {
    const key = `products/${newId('upl')}/large.webp`;
    const product = await create({ imageUrls: [`/media/${key}`, 'https://example.com/elsewhere.jpg'] });
    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: product.id })).toEqual({ ok: true, data: { id: product.id } });
    expect(await catalog.sql('select id from products where id = $1', [product.id])).toEqual([]);
    const events = await catalog.outbox<{ productId: string; imageKeys: string[] }>('evt.catalog.product.deleted.v1');
    expect(events.filter((e) => e.productId === product.id)).toEqual([{ productId: product.id, imageKeys: [key] }]);
    expect(await rpc.request('rpc.catalog.products.get', { id: product.id })).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: product.id })).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it('refuses every write to a shopper and leaves the product and the outbox as they were', async () => {
    const product = await create();
    const outboxBefore = await catalog.sql<{ n: string }>('select count(*)::text as n from outbox_message');
    expect(await rpc.request('rpc.catalog.products.create', { actor: shopper, product: input() })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.catalog.products.update', { actor: shopper, id: product.id, product: edit(product, { name: 'Hijacked' }) })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.catalog.products.delete', { actor: shopper, id: product.id })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.catalog.products.get', { id: product.id })).toEqual({ ok: true, data: publicOf(product) });
    expect(await catalog.sql<{ n: string }>('select count(*)::text as n from outbox_message')).toEqual(outboxBefore);
  });

  it('lists oldest first for the storefront and newest first for the admin, filtered by name', async () => {
    const tag = newId('q').toLowerCase();
    const first = await create({ name: `List ${tag} one` });
    const second = await create({ name: `List ${tag} two` });
    const ids = async (order: 'oldest' | 'newest') => {
      const reply = await rpc.request('rpc.catalog.products.list', { q: tag, order });
      return reply.ok ? reply.data.items.map((p) => p.id) : reply;
    };
    expect(await ids('oldest')).toEqual([first.id, second.id]);
    expect(await ids('newest')).toEqual([second.id, first.id]);
    expect(await rpc.request('rpc.catalog.products.get-many', { ids: [second.id, newId('prd'), second.id] })).toEqual({ ok: true, data: { items: [publicOf(second)] } });
  });
});
