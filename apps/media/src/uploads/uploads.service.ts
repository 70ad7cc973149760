import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { detectImageType, MAX_IMAGE_BYTES } from '@jalaj/commerce';
import { AppErrorException, newId, type Actor } from '@jalaj/contracts';
import { DEMO_PLANTS, demoImageKey, plantIllustrationSvg, type DemoPlant } from '@jalaj/demo-data';
import { getLogger, InjectConfig, runPeriodically } from '@jalaj/server-kit';
import type { MediaConfig } from '../config.js';
import { StorageService } from '../storage/storage.service.js';
import { renderVariants, VARIANTS, type Variant } from './images.js';
import { UploadsRepository } from './uploads.repository.js';

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
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    private readonly records: UploadsRepository,
    private readonly storage: StorageService,
    @InjectConfig() private readonly config: MediaConfig,
  ) {}

  /**
   * Stores one product image: checked by its bytes (JPG, PNG or WebP only, at most 5 MB),
   * rendered to WebP variants under a server-generated key. Returns the address to use.
   */
  async upload(actor: Actor, body: Buffer): Promise<{ id: string; url: string }> {
    if (actor.role !== 'admin') throw new AppErrorException({ code: 'ADMIN_REQUIRED' });
    const { id, prefix } = await this.store(actor, body, 'products', Object.keys(VARIANTS) as Variant[]);
    return { id, url: `/media/${prefix}/large.webp` };
  }

  /**
   * Stores one photo of a shopper's guarantee claim (docs/adr/078), checked as product images
   * are (JPG, PNG or WebP by its bytes, at most 5 MB), as one large WebP under
   * `claims/<id>`: never served at `/media/`, only through the order's claim-photo route.
   * Pending until the claim is filed (`evt.order.claim.filed.v1`); the sweep
   * removes it otherwise.
   */
  async uploadClaimPhoto(actor: Actor, body: Buffer): Promise<{ id: string }> {
    const { id } = await this.store(actor, body, 'claims', ['large']);
    return { id };
  }

  /** Checks `body` by its bytes and size, renders the `variants` under `<folder>/<new id>` and records the upload pending. */
  private async store(actor: Actor, body: Buffer, folder: 'products' | 'claims', variants: Variant[]): Promise<{ id: string; prefix: string }> {
    if (body.length > MAX_IMAGE_BYTES) throw new AppErrorException({ code: 'IMAGE_TOO_LARGE' });
    const type = detectImageType(new Uint8Array(body.buffer, body.byteOffset, Math.min(body.length, 16)));
    if (!type) throw new AppErrorException({ code: 'IMAGE_TYPE_INVALID' });
    let rendered: Partial<Record<Variant, Buffer>>;
    try {
      rendered = await renderVariants(body, variants);
    } catch {
      // Right magic bytes, broken picture.
      throw new AppErrorException({ code: 'IMAGE_TYPE_INVALID' });
    }
    const id = newId('upl');
    const prefix = `${folder}/${id}`;
    await this.storeVariants(prefix, rendered);
    // One statement, through the injected EntityManager: its own transaction (ADR 014).
    await this.records.insertPending(this.em, { id, prefix, uploadedBy: actor.id, contentType: type, bytes: body.length });
    return { id, prefix };
  }

  private async storeVariants(prefix: string, variants: Partial<Record<Variant, Buffer>>) {
    await Promise.all((Object.entries(variants) as [Variant, Buffer][]).map(([v, bytes]) => this.storage.put(`${prefix}/${v}.webp`, bytes, 'image/webp')));
  }

  /** Keeps the photos of a filed guarantee claim: the sweep of unused uploads leaves them. */
  async attachClaimPhotos(em: EntityManager, photoIds: string[]) {
    await this.records.attach(em, null, photoIds.map((id) => `claims/${id}`));
  }

  /** Removes every variant under the given prefixes, and their records. */
  async removePrefixes(em: EntityManager, prefixes: string[]) {
    if (!prefixes.length) return;
    await this.storage.remove(prefixes.flatMap((p) => (Object.keys(VARIANTS) as Variant[]).map((v) => `${p}/${v}.webp`)));
    await this.records.deleteByPrefixes(em, prefixes);
  }

  /** Marks the uploads a product uses as attached, so the sweeper keeps them. */
  async attach(em: EntityManager, productId: string, urls: string[]) {
    const prefixes = urls.map(prefixOfUrl).filter((p): p is string => !!p);
    await this.records.attach(em, productId, prefixes);
  }

  /** Deletes uploads that no product took within a day (an abandoned product form). */
  async sweep(): Promise<number> {
    const prefixes = await this.records.pendingOlderThan(this.em, PENDING_TTL_HOURS, 100);
    await this.removePrefixes(this.em, prefixes);
    return prefixes.length;
  }

  /** Demo plants being drawn, by slug: concurrent askers share one drawing. */
  private readonly drawing = new Map<string, Promise<void>>();

  /**
   * Draws one demo plant's pictures into the bucket unless they are there, for the seeded
   * catalogue. Returns whether it drew them.
   */
  private drawDemo(plant: DemoPlant): Promise<boolean> {
    const pending = this.drawing.get(plant.slug);
    if (pending) return pending.then(() => false);
    let drew = false;
    const work = (async () => {
      if (await this.storage.exists(demoImageKey(plant.slug, 'thumb'))) return;
      await this.storeVariants(`demo/${plant.slug}`, await renderVariants(Buffer.from(plantIllustrationSvg(plant))));
      drew = true;
    })().finally(() => this.drawing.delete(plant.slug));
    this.drawing.set(plant.slug, work);
    return work.then(() => drew);
  }

  /**
   * The demo picture under `key` (`demo/<slug>/<variant>.webp`), drawn now if the seeded
   * catalogue asks for it before the warm-up got to it. False for any other key, or
   * without demo data.
   */
  async ensureDemoImage(key: string): Promise<boolean> {
    if (this.config.SEED_DEMO_DATA !== 'true') return false;
    const slug = /^demo\/([a-z0-9-]+)\/[a-z]+\.webp$/.exec(key)?.[1];
    const plant = slug === undefined ? undefined : DEMO_PLANTS.find((p) => p.slug === slug);
    if (!plant) return false;
    await this.drawDemo(plant);
    return true;
  }

  /** Draws every demo plant's pictures that are not in the bucket yet, one plant at a time. */
  async seedDemoImages(): Promise<number> {
    let made = 0;
    for (const plant of DEMO_PLANTS) if (!this.stopped && (await this.drawDemo(plant))) made++;
    if (made) this.log.info({ count: made }, 'demo images drawn');
    return made;
  }

  onApplicationBootstrap() {
    // Not awaited: the service is ready at once, and a picture asked for before the
    // warm-up drew it is drawn on demand (ensureDemoImage). Drawing all 28 plants took
    // 4–14 s, most of the shop's start.
    if (this.config.SEED_DEMO_DATA === 'true') {
      void this.seedDemoImages().catch((e: unknown) => this.log.warn({ err: e }, 'drawing the demo images failed; they are drawn when asked for'));
    }
    this.stop = runPeriodically('abandoned uploads removed', () => this.sweep(), { intervalMs: 15 * 60_000, initialDelayMs: 10_000, log: this.log });
  }

  onApplicationShutdown() {
    this.stopped = true;
    this.stop?.();
  }
}
