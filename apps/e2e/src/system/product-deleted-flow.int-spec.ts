import { Client as S3 } from 'minio';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager, jetstream } from '@nats-io/jetstream';
import { EVENT_STREAM } from '@jalaj/contracts';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { RpcClient } from '@jalaj/server-kit';
import { eventually, testDatabaseUrl } from '@jalaj/testing';
import pg from 'pg';

/**
 * The walking skeleton's event path across two real processes: catalog deletes a product
 * and writes `evt.catalog.product.deleted.v1` to its outbox; the relay publishes it to
 * JetStream; media's durable consumer removes the product's images from the S3 bucket,
 * once per event — even when media was down meanwhile and the event arrives twice.
 */
describe('product deleted: catalog → outbox → JetStream → media (real processes)', () => {
  const logs: string[] = [];
  const catalogDb = testDatabaseUrl('catalog');
  const mediaDb = testDatabaseUrl('media');
  const env = (db: string) => ({ DATABASE_URL: db, NATS_URL: process.env.NATS_URL!, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info' });
  let catalog: AppHandle;
  let media: AppHandle;
  let mediaPort: number;
  let rpc: RpcClient;
  let s3: S3;
  // Its own: other spec files' media draw the same demo photos into theirs.
  const bucket = 'photos-deleted-flow-spec';

  const startMedia = async () =>
    startApp('media', { env: { ...env(mediaDb), S3_ENDPOINT: process.env.S3_ENDPOINT!, S3_ACCESS_KEY: process.env.S3_ACCESS_KEY!, S3_SECRET_KEY: process.env.S3_SECRET_KEY!, S3_BUCKET: bucket }, port: mediaPort, onLine: (_a, l) => logs.push(l) });
  const query = async (url: string, sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows;
    } finally {
      await c.end();
    }
  };
  const objectExists = (key: string) =>
    s3.statObject(bucket, key).then(
      () => true,
      () => false,
    );
  /** Times media removed this product's images (other specs may publish events for other products). */
  const handled = (productId: string) => logs.filter((l) => l.includes('product images removed') && l.includes(productId)).length;

  beforeAll(async () => {
    catalog = await startApp('catalog', { env: env(catalogDb), port: await freePort(), onLine: (_a, l) => logs.push(l) });
    mediaPort = await freePort();
    media = await startMedia();
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'flow-spec' });
    const u = new URL(process.env.S3_ENDPOINT!);
    s3 = new S3({ endPoint: u.hostname, port: Number(u.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY!, secretKey: process.env.S3_SECRET_KEY!, pathStyle: true, region: 'ap-south-1' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await media?.stop();
    await catalog?.stop();
  });

  /** Gives a seeded product one stored image and returns its id and object key. */
  async function productWithImage(index: number) {
    const list = await rpc.request('rpc.catalog.products.list', {});
    if (!list.ok) throw new Error('list failed');
    const product = list.data.items[index];
    const key = `products/upl_${product.id.slice(4)}/large.webp`;
    await s3.putObject(bucket, key, Buffer.from('RIFF....WEBPVP8 '), 16, { 'Content-Type': 'image/webp' });
    await query(catalogDb, 'update products set image_urls = $1 where id = $2', [JSON.stringify([`/media/${key}`]), product.id]);
    return { id: product.id, key };
  }

  it('removes the images of a deleted product, each event exactly once', async () => {
    const admin = { id: 'usr_spec', role: 'admin' as const };
    const a = await productWithImage(0);
    const b = await productWithImage(1);

    const refused = await rpc.request('rpc.catalog.products.delete', { actor: { id: 'usr_x', role: 'user' }, id: a.id });
    expect(refused).toEqual({ ok: false, error: { code: 'ADMIN_REQUIRED' } });

    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: a.id })).toEqual({ ok: true, data: { id: a.id } });
    await eventually(() => objectExists(a.key), (exists) => !exists);
    // The log line comes through media's stdout pipe, a moment after the objects are gone.
    await eventually(() => handled(a.id), (n) => n === 1);

    // Media goes down; B is deleted meanwhile, and A's event reaches the stream a second time.
    await media.stop();
    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: b.id })).toMatchObject({ ok: true });
    const [rowA] = await query(catalogDb, `select envelope from outbox_message where envelope->'data'->>'productId' = $1`, [a.id]);
    const nc = await connect({ servers: process.env.NATS_URL! });
    await jetstream(nc).publish('evt.catalog.product.deleted.v1', JSON.stringify(rowA.envelope), { msgID: `redelivery-${a.id}` });
    expect(await objectExists(b.key)).toBe(true);

    media = await startMedia();
    await eventually(() => objectExists(b.key), (exists) => !exists);
    const jsm = await jetstreamManager(nc);
    await eventually(
      async () => {
        const info = await jsm.consumers.info(EVENT_STREAM, 'media-product-deleted');
        return info.num_pending + info.num_ack_pending;
      },
      (n) => n === 0,
    );
    await nc.close();

    await eventually(() => handled(b.id), (n) => n === 1);
    expect(handled(a.id)).toBe(1);
    expect(handled(b.id)).toBe(1);
    const ids = (await query(catalogDb, `select id from outbox_message where envelope->'data'->>'productId' = any($1)`, [[a.id, b.id]])).map((r) => r.id);
    const inbox = await query(mediaDb, `select event_id from inbox_message where consumer = 'media-product-deleted' and event_id = any($1)`, [ids]);
    expect(inbox.map((r) => r.event_id).sort()).toEqual([...ids].sort());
    expect(await rpc.request('rpc.catalog.products.delete', { actor: admin, id: a.id })).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  }, 90000);
});
