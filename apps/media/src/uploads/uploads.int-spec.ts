import { MikroORM } from '@mikro-orm/core';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@jalaj/commerce';
import { newId } from '@jalaj/contracts';
import { ormOptions, RpcClient } from '@jalaj/server-kit';
import { eventually, startTestService, type TestService } from '@jalaj/testing';
import { migrations } from '../migrations/index.js';

const ADMIN = { email: 'media-admin@jalaj.test', password: 'admin-secret-1' };

/**
 * Media's uploads through its internal HTTP, as the BFF calls it (the admin's own token,
 * the bytes as application/octet-stream), with identity for the token's keys and catalog
 * for the product events: checks by magic bytes and size, attach on a saved product,
 * removal on a deleted one, and the sweep of uploads nobody saved.
 */
describe('media uploads (service processes, real infra)', () => {
  let identity: TestService;
  let catalog: TestService;
  let media: TestService;
  let rpc: RpcClient;
  let adminToken = '';
  // An upload abandoned two days ago, in the database before media starts: its first sweep (10 s after boot) removes it.
  const abandoned = newId('upl');

  beforeAll(async () => {
    [identity, catalog, media] = await Promise.all([
      startTestService('identity', { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
      startTestService('catalog'),
      startTestService('media', {
        env: { S3_ENDPOINT: process.env.S3_ENDPOINT!, S3_ACCESS_KEY: process.env.S3_ACCESS_KEY!, S3_SECRET_KEY: process.env.S3_SECRET_KEY!, S3_BUCKET: `media-spec-${Date.now()}` },
        async before(url) {
          const orm = await MikroORM.init(ormOptions({ service: 'media', entities: [], migrations }, url) as never);
          try {
            await orm.migrator.up();
            await orm.em
              .getConnection()
              .execute("insert into media_uploads (id, prefix, status, uploaded_by, content_type, bytes, created_at) values (?, ?, 'pending', 'usr_x', 'image/png', 1, now() - interval '2 days')", [abandoned, `products/${abandoned}`]);
          } finally {
            await orm.close(true);
          }
        },
      }),
    ]);
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'media-uploads-spec' });
    const session = await rpc.request('rpc.identity.sessions.create', ADMIN);
    if (!session.ok) throw new Error(JSON.stringify(session.error));
    adminToken = session.data.accessToken;
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await Promise.all([media?.stop(), catalog?.stop(), identity?.stop()]);
  });

  const upload = (body: Uint8Array<ArrayBuffer>, token: string | null = adminToken) =>
    fetch(`http://127.0.0.1:${media.port}/internal/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });
  const png = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a7' } }).png().toBuffer();
  const statusOf = async (id: string) => (await media.sql<{ status: string; product_id: string | null }>('select status, product_id from media_uploads where id = $1', [id]))[0];

  it('stores a real image as WebP variants under a server-made key, pending until a product takes it', async () => {
    const res = await upload(await png());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; url: string };
    expect(body.url).toBe(`/media/products/${body.id}/large.webp`);
    expect(await statusOf(body.id)).toEqual({ status: 'pending', product_id: null });
    const object = await fetch(`http://127.0.0.1:${media.port}/internal/objects/products/${body.id}/thumb.webp`);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await object.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('refuses bytes that are not an image by their magic bytes, whatever they claim, and stores nothing', async () => {
    const before = await media.sql('select id from media_uploads');
    const text = await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ code: 'IMAGE_TYPE_INVALID' });
    // PNG magic bytes, broken picture.
    const broken = await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(await broken.json()).toMatchObject({ code: 'IMAGE_TYPE_INVALID' });
    expect(await media.sql('select id from media_uploads')).toEqual(before);
  });

  it('refuses an image over the size limit', async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(new Uint8Array(await png()));
    const res = await upload(big);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('takes uploads only with a valid token', async () => {
    expect((await upload(await png(), null)).status).toBe(401);
    expect((await upload(await png(), `${adminToken.slice(0, -4)}AAAA`)).status).toBe(401);
  });

  it('attaches an upload to the product saved with it and removes it with the product', async () => {
    const { id, url } = (await (await upload(await png())).json()) as { id: string; url: string };
    const created = await rpc.request('rpc.catalog.products.create', {
      actor: { id: newId('usr'), role: 'admin' },
      product: { name: `Media plant ${newId('n')}`, price: '10', stockQuantity: 1, category: 'midground', imageUrls: [url] },
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    await eventually(() => statusOf(id), (s) => s?.status === 'attached');
    expect((await statusOf(id))?.product_id).toBe(created.data.id);

    await rpc.request('rpc.catalog.products.delete', { actor: { id: newId('usr'), role: 'admin' }, id: created.data.id });
    await eventually(() => statusOf(id), (s) => s === undefined);
    expect((await fetch(`http://127.0.0.1:${media.port}/internal/objects/products/${id}/large.webp`)).status).toBe(404);
  });

  it('sweeps an upload no product took within a day', async () => {
    await eventually(() => statusOf(abandoned), (s) => s === undefined, 20000);
  });
});
