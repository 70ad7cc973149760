import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/core';
import { detectImageType, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@jalaj/commerce';
import { AppErrorException, newId, type Actor } from '@jalaj/contracts';
import { DEMO_PLANTS, demoImageKey, plantIllustrationSvg } from '@jalaj/demo-data';
import { getLogger, runPeriodically } from '@jalaj/server-kit';
import { StorageService } from '../storage/storage.service.js';
import { renderVariants, VARIANTS, type Variant } from './images.js';

/** Uploads nobody saved into a product are removed after this long. */
const PENDING_TTL_HOURS = 24;

/** The prefix (`products/<upload id>`) of an address the shop serves (`/media/products/<id>/large.webp`). */
export const prefixOfUrl = (url: string): string | null => {
  const m = /^\/media\/((?:products|demo)\/[A-Za-z0-9_-]+)\/[a-z]+\.webp$/.exec(url);
  return m ? m[1]! : null;
};

@Injectable()
export class UploadsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('UploadsService');
  private stop?: () => void;

  constructor(
    private readonly orm: MikroORM,
    private readonly storage: StorageService,
  ) {}

  /**
   * Stores one product image: checked by its bytes (JPG, PNG or WebP only, at most 5 MB),
   * rendered to WebP variants under a server-generated key. Returns the address to use.
   */
  async upload(actor: Actor, body: Buffer): Promise<{ id: string; url: string }> {
    if (actor.role !== 'admin') throw new AppErrorException({ code: 'FORBIDDEN', message: 'Unauthorized: Admin access required' });
    if (body.length > MAX_IMAGE_BYTES) throw new AppErrorException({ code: 'VALIDATION_FAILED', title: IMAGE_MESSAGES.tooLargeTitle, message: IMAGE_MESSAGES.tooLargeText });
    const type = detectImageType(new Uint8Array(body.buffer, body.byteOffset, Math.min(body.length, 16)));
    if (!type) throw new AppErrorException({ code: 'VALIDATION_FAILED', title: IMAGE_MESSAGES.invalidTypeTitle, message: IMAGE_MESSAGES.invalidTypeText });
    let variants: Record<Variant, Buffer>;
    try {
      variants = await renderVariants(body);
    } catch {
      // Right magic bytes, broken picture.
      throw new AppErrorException({ code: 'VALIDATION_FAILED', title: IMAGE_MESSAGES.invalidTypeTitle, message: IMAGE_MESSAGES.invalidTypeText });
    }
    const id = newId('upl');
    const prefix = `products/${id}`;
    await this.storeVariants(prefix, variants);
    await this.orm.em
      .fork()
      .getConnection()
      .execute("insert into media_uploads (id, prefix, status, uploaded_by, content_type, bytes) values (?, ?, 'pending', ?, ?, ?)", [id, prefix, actor.id, type, body.length]);
    return { id, url: `/media/${prefix}/large.webp` };
  }

  private async storeVariants(prefix: string, variants: Record<Variant, Buffer>) {
    await Promise.all((Object.keys(VARIANTS) as Variant[]).map((v) => this.storage.put(`${prefix}/${v}.webp`, variants[v], 'image/webp')));
  }

  /** Removes every variant under the given prefixes, and their records. */
  async removePrefixes(em: EntityManager, prefixes: string[]) {
    if (!prefixes.length) return;
    await this.storage.remove(prefixes.flatMap((p) => (Object.keys(VARIANTS) as Variant[]).map((v) => `${p}/${v}.webp`)));
    await em.getConnection().execute(`delete from media_uploads where prefix in (${prefixes.map(() => '?').join(', ')})`, prefixes, 'run', em.getTransactionContext());
  }

  /** Marks the uploads a product uses as attached, so the sweeper keeps them. */
  async attach(em: EntityManager, productId: string, urls: string[]) {
    const prefixes = urls.map(prefixOfUrl).filter((p): p is string => !!p);
    if (!prefixes.length) return;
    await em
      .getConnection()
      .execute(
        `update media_uploads set status = 'attached', product_id = ? where prefix in (${prefixes.map(() => '?').join(', ')})`,
        [productId, ...prefixes],
        'run',
        em.getTransactionContext(),
      );
  }

  /** Deletes uploads that no product took within a day (an abandoned product form). */
  async sweep(): Promise<number> {
    const em = this.orm.em.fork();
    const rows = (await em
      .getConnection()
      .execute(`select prefix from media_uploads where status = 'pending' and created_at < now() - make_interval(hours => ?) limit 100`, [PENDING_TTL_HOURS])) as { prefix: string }[];
    await this.removePrefixes(em, rows.map((r) => r.prefix));
    return rows.length;
  }

  /** Draws the demo plants' pictures into the bucket (once), for the seeded catalogue. */
  async seedDemoImages(): Promise<number> {
    let made = 0;
    for (const plant of DEMO_PLANTS) {
      if (await this.storage.exists(demoImageKey(plant.slug, 'thumb'))) continue;
      const variants = await renderVariants(Buffer.from(plantIllustrationSvg(plant)));
      await this.storeVariants(`demo/${plant.slug}`, variants);
      made++;
    }
    if (made) this.log.info({ count: made }, 'demo images drawn');
    return made;
  }

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA === 'true') await this.seedDemoImages();
    this.stop = runPeriodically('abandoned uploads removed', () => this.sweep(), { intervalMs: 15 * 60_000, initialDelayMs: 10_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
