import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { paiseToDecimalString, rupeesToPaise } from '@jalaj/commerce';
import {
  appError,
  fail,
  failFields,
  newId,
  ok,
  type Actor,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductQuery,
  type AdminProductSort,
  type Product as ProductDto,
  type ProductFilter,
  type ProductInput,
  type ProductUpdateInput,
  type Result,
} from '@jalaj/contracts';
import { addToOutbox, containsPattern, getLogger, InjectConfig, OutboxRelay, runSql, takeTransactionLock } from '@jalaj/server-kit';
import { StockAlertsService } from '../alerts/stock-alerts.service.js';
import { StockLedger } from '../history/stock-ledger.service.js';
import type { CatalogConfig } from '../config.js';
import { Product } from './entities/product.entity.js';
import { decideProductEdit } from './product-edit.js';
import { checkProductInput } from './product-input.js';

/** Maps a row to the contract shape; prices leave the service as paise. */
export function toProduct(p: Product): ProductDto {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    pricePaise: rupeesToPaise(p.price),
    imageUrls: p.imageUrls,
    category: p.category || 'aquatic_plant',
    stockQuantity: p.stockQuantity,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    plantDifficulty: p.plantDifficulty ?? null,
    co2Requirement: p.co2Requirement ?? null,
    lightRequirement: p.lightRequirement ?? null,
    carbonateHardnessKh: p.carbonateHardnessKh ?? null,
    generalHardnessGh: p.generalHardnessGh ?? null,
  };
}

/** A product as the admin sees it: with the edit version the form sends back (issue #38). */
export const toAdminProduct = (p: Product): AdminProduct => ({ ...toProduct(p), version: p.version });

/** Object keys of our own stored images (`/media/<key>`); pasted external addresses have none. */
export const imageKeys = (urls: string[]) => urls.flatMap((u) => (u.startsWith('/media/') ? [u.slice('/media/'.length)] : []));

/** The stored image set (`/media/products/<upload id>`) an address belongs to: media removes whole sets. */
export const imageSetOf = (url: string) => url.replace(/\/[^/]*$/, '');

/**
 * Product writes that change image references take this lock, so that a product dropping
 * an image and another product taking it up are not decided at the same time.
 */
const IMAGE_REFERENCES_LOCK = 'catalog.product-images';

/**
 * Of the given addresses, those whose image set no other product uses: only these may be
 * deleted from the bucket (an admin may give two products the same image).
 */
async function unshared(tx: EntityManager, productId: string, urls: string[]): Promise<string[]> {
  const own = urls.filter((u) => u.startsWith('/media/'));
  if (!own.length) return [];
  const sets = [...new Set(own.map(imageSetOf))];
  const rows = await runSql<{ image_set: string }>(
    tx,
    `select distinct regexp_replace(u, '/[^/]*$', '') as image_set from products p cross join lateral jsonb_array_elements_text(p.image_urls) as u
      where p.id <> $1 and regexp_replace(u, '/[^/]*$', '') = any($2::text[])`,
    [productId, sets],
  );
  const used = new Set(rows.map((r) => r.image_set));
  return own.filter((u) => !used.has(imageSetOf(u)));
}

/** Every order ends on the newest first, so that equal stock keeps a stable order across pages. */
const ADMIN_ORDER: Record<AdminProductSort, QueryOrderMap<Product>[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'desc' }],
  'stock-asc': [{ stockQuantity: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
  'stock-desc': [{ stockQuantity: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
};

@Injectable()
export class ProductsService {
  private readonly log = getLogger('ProductsService');

  constructor(
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
    private readonly alerts: StockAlertsService,
    private readonly ledger: StockLedger,
    @InjectConfig() private readonly config: CatalogConfig,
  ) {}

  /** The storefront list (oldest first, spec §7) or the admin list (newest first), with optional filters. */
  async list(filter: ProductFilter = {}): Promise<ProductDto[]> {
    const where: FilterQuery<Product> = {};
    if (filter.q) where.name = { $ilike: containsPattern(filter.q) };
    if (filter.category) where.category = filter.category;
    if (filter.difficulty) where.plantDifficulty = filter.difficulty;
    if (filter.light) where.lightRequirement = filter.light;
    if (filter.co2) where.co2Requirement = filter.co2;
    const dir = filter.order === 'newest' ? 'desc' : 'asc';
    const rows = await this.em.find(Product, where, { orderBy: { createdAt: dir, id: dir } });
    return rows.map(toProduct);
  }

  /**
   * One page of the Products tab (admins only): the name searched case-insensitively (a
   * `%` or `_` is looked for as itself), the low-stock ones only (at or under
   * `LOW_STOCK_THRESHOLD`, out of stock included), in the asked order.
   */
  async adminPage(actor: Actor, query: AdminProductQuery): Promise<Result<AdminProductPage>> {
    if (actor.role !== 'admin') return fail('ADMIN_REQUIRED');
    const { q, lowStock, sort, page, pageSize } = query;
    const lowStockThreshold = this.config.LOW_STOCK_THRESHOLD;
    const where: FilterQuery<Product> = {};
    if (q) where.name = { $ilike: containsPattern(q) };
    if (lowStock) where.stockQuantity = { $lte: lowStockThreshold };
    const [rows, total] = await this.em.findAndCount(Product, where, { orderBy: ADMIN_ORDER[sort], limit: pageSize, offset: (page - 1) * pageSize });
    const alertsWaiting = await this.alerts.waitingCounts(rows.map((r) => r.id));
    return ok({ items: rows.map(toAdminProduct), total, page, pageSize, lowStockThreshold, alertsWaiting });
  }

  async get(id: string): Promise<Result<ProductDto>> {
    const row = await this.em.findOne(Product, { id });
    return row ? ok(toProduct(row)) : fail('PRODUCT_NOT_FOUND');
  }

  async getMany(ids: string[]): Promise<ProductDto[]> {
    if (!ids.length) return [];
    return (await this.em.find(Product, { id: { $in: [...new Set(ids)] } })).map(toProduct);
  }

  async create(actor: Actor, input: ProductInput): Promise<Result<AdminProduct>> {
    if (actor.role !== 'admin') return fail('ADMIN_REQUIRED');
    const checked = checkProductInput(input);
    if (!checked.ok) return failFields(checked.errors, appError('PRODUCT_INVALID', { action: 'create' }));
    const v = checked.value;
    const product = await this.em.transactional(async (tx) => {
      await takeTransactionLock(tx, IMAGE_REFERENCES_LOCK);
      const now = new Date();
      const row = tx.create(Product, {
        id: newId('prd'),
        name: v.name,
        description: v.description,
        price: paiseToDecimalString(v.pricePaise),
        // Inserted at 0: its stock is given by the ledger, recorded as the admin's (issue #42).
        stockQuantity: 0,
        category: v.category,
        imageUrls: v.imageUrls,
        ...nullAttributes(),
        ...v.attributes,
        createdAt: now,
        updatedAt: now,
      });
      await tx.persist(row).flush();
      const [moved] = await this.ledger.apply(tx, { cause: 'created', actorId: actor.id }, [{ productId: row.id, change: v.stockQuantity }]);
      const created = { ...toProduct(row), ...(moved && { stockQuantity: moved.stockQuantity, updatedAt: moved.updatedAt }) };
      addToOutbox(tx, 'evt.catalog.product.created.v1', { product: created });
      return { ...created, version: row.version };
    });
    this.relay.nudge();
    return ok(product);
  }

  /**
   * Saves the admin form over a product (admins only), decided by {@link decideProductEdit}
   * under the product's row lock: refused when someone saved it after the form loaded it,
   * the stock typed applied as a change to the stock as it is now (sales are kept).
   */
  async update(actor: Actor, id: string, input: ProductUpdateInput): Promise<Result<AdminProduct>> {
    if (actor.role !== 'admin') return fail('ADMIN_REQUIRED');
    const checked = checkProductInput(input);
    if (!checked.ok) return failFields(checked.errors, appError('PRODUCT_INVALID', { action: 'update' }));
    const v = checked.value;
    const result = await this.em.transactional(async (tx): Promise<Result<AdminProduct> | null> => {
      await takeTransactionLock(tx, IMAGE_REFERENCES_LOCK);
      // The lock also waits for a reservation or release holding the row, so the stock
      // the change is applied to is the stock as it is.
      const row = await tx.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) return null;
      const decided = decideProductEdit(toAdminProduct(row), { version: input.version, loadedStockQuantity: input.loadedStockQuantity, stockQuantity: v.stockQuantity });
      if (!decided.ok) return { ok: false, error: decided.error };
      // Images this product stops using, unless it keeps another variant of the same set
      // or another product uses them: media deletes exactly these.
      const kept = new Set(v.imageUrls.map(imageSetOf));
      const removedImageUrls = await unshared(
        tx,
        id,
        row.imageUrls.filter((u) => !v.imageUrls.includes(u) && !kept.has(imageSetOf(u))),
      );
      Object.assign(row, nullAttributes(), v.attributes, {
        name: v.name,
        description: v.description,
        price: paiseToDecimalString(v.pricePaise),
        category: v.category,
        imageUrls: v.imageUrls,
      });
      const change = decided.stockQuantity - row.stockQuantity;
      // A save that changes only the stock is still an edit of the product: it raises the
      // version as any other (ADR 072), though the stock is written by the ledger below.
      if (change !== 0) row.updatedAt = new Date();
      // Flushed here, so that the answer carries the version the save raised. The stock is
      // not the entity's to write: the ledger moves it by the change typed and records it as
      // the admin's edit (issue #42); a restock from 0 mails the shoppers waiting (issue #41).
      await tx.flush();
      const [moved] = await this.ledger.apply(tx, { cause: 'edit', actorId: actor.id }, [{ productId: id, change }]);
      // Locked and decided: the guard cannot refuse it; if it did, nothing is kept.
      if (change !== 0 && !moved) throw new Error(`edit of ${id}: stock changed under its lock`);
      const product = { ...toProduct(row), ...(moved && { stockQuantity: moved.stockQuantity, updatedAt: moved.updatedAt }) };
      addToOutbox(tx, 'evt.catalog.product.updated.v1', { product, removedImageUrls });
      return ok({ ...product, version: row.version });
    });
    if (!result) return fail('PRODUCT_NOT_FOUND');
    if (result.ok) this.relay.nudge();
    return result;
  }

  /** Deletes a product (admins only) and, in the same transaction, queues its deletion event with the images only it used. */
  async delete(actor: Actor, id: string): Promise<Result<{ id: string }>> {
    if (actor.role !== 'admin') return fail('ADMIN_REQUIRED');
    const deleted = await this.em.transactional(async (tx) => {
      await takeTransactionLock(tx, IMAGE_REFERENCES_LOCK);
      const product = await tx.findOne(Product, { id });
      if (!product) return false;
      tx.remove(product);
      // Images another product still shows stay in the bucket.
      addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId: id, imageKeys: imageKeys(await unshared(tx, id, product.imageUrls)) });
      return true;
    });
    if (!deleted) return fail('PRODUCT_NOT_FOUND');
    this.relay.nudge();
    return ok({ id });
  }
}

const nullAttributes = () => ({ plantDifficulty: null, co2Requirement: null, lightRequirement: null, carbonateHardnessKh: null, generalHardnessGh: null });
