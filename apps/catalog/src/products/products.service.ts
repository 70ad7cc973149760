import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { paiseToDecimalString, rupeesToPaise } from '@jalaj/commerce';
import { fail, newId, ok, type Actor, type Product as ProductDto, type ProductFilter, type ProductInput, type Result } from '@jalaj/contracts';
import { addToOutbox, getLogger, OutboxRelay } from '@jalaj/server-kit';
import { Product } from './entities/product.entity.js';
import { checkProductInput } from './product-input.js';

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  adminRequired: 'Unauthorized: Admin access required',
} as const;

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
    plantDifficulty: p.plantDifficulty ?? null,
    co2Requirement: p.co2Requirement ?? null,
    lightRequirement: p.lightRequirement ?? null,
    carbonateHardnessKh: p.carbonateHardnessKh ?? null,
    generalHardnessGh: p.generalHardnessGh ?? null,
  };
}

/** Object keys of our own stored images (`/media/<key>`); pasted external addresses have none. */
export const imageKeys = (urls: string[]) => urls.flatMap((u) => (u.startsWith('/media/') ? [u.slice('/media/'.length)] : []));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class ProductsService {
  private readonly log = getLogger('ProductsService');

  constructor(
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
  ) {}

  /** The storefront list (oldest first, spec §7) or the admin list (newest first), with optional filters. */
  async list(filter: ProductFilter = {}): Promise<ProductDto[]> {
    const where: FilterQuery<Product> = {};
    if (filter.q) where.name = { $ilike: `%${escapeLike(filter.q)}%` };
    if (filter.category) where.category = filter.category;
    if (filter.difficulty) where.plantDifficulty = filter.difficulty;
    if (filter.light) where.lightRequirement = filter.light;
    if (filter.co2) where.co2Requirement = filter.co2;
    const dir = filter.order === 'newest' ? 'desc' : 'asc';
    const rows = await this.em.find(Product, where, { orderBy: { createdAt: dir, id: dir } });
    return rows.map(toProduct);
  }

  async get(id: string): Promise<Result<ProductDto>> {
    const row = await this.em.findOne(Product, { id });
    return row ? ok(toProduct(row)) : fail('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  }

  async getMany(ids: string[]): Promise<ProductDto[]> {
    if (!ids.length) return [];
    return (await this.em.find(Product, { id: { $in: [...new Set(ids)] } })).map(toProduct);
  }

  async create(actor: Actor, input: ProductInput): Promise<Result<ProductDto>> {
    if (actor.role !== 'admin') return fail('FORBIDDEN', PRODUCT_MESSAGES.adminRequired);
    const checked = checkProductInput(input);
    if (!checked.ok) return fail('VALIDATION_FAILED', 'Failed to create product', { fieldErrors: checked.errors });
    const v = checked.value;
    const product = await this.em.transactional(async (tx) => {
      const row = tx.create(Product, {
        id: newId('prd'),
        name: v.name,
        description: v.description,
        price: paiseToDecimalString(v.pricePaise),
        stockQuantity: v.stockQuantity,
        category: v.category,
        imageUrls: v.imageUrls,
        ...nullAttributes(),
        ...v.attributes,
        createdAt: new Date(),
      });
      tx.persist(row);
      addToOutbox(tx, 'evt.catalog.product.created.v1', { product: toProduct(row) });
      return toProduct(row);
    });
    this.relay.nudge();
    return ok(product);
  }

  async update(actor: Actor, id: string, input: ProductInput): Promise<Result<ProductDto>> {
    if (actor.role !== 'admin') return fail('FORBIDDEN', PRODUCT_MESSAGES.adminRequired);
    const checked = checkProductInput(input);
    if (!checked.ok) return fail('VALIDATION_FAILED', 'Failed to update product', { fieldErrors: checked.errors });
    const v = checked.value;
    const result = await this.em.transactional(async (tx) => {
      const row = await tx.findOne(Product, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      if (!row) return null;
      const removedImageUrls = row.imageUrls.filter((u) => !v.imageUrls.includes(u));
      Object.assign(row, nullAttributes(), v.attributes, {
        name: v.name,
        description: v.description,
        price: paiseToDecimalString(v.pricePaise),
        stockQuantity: v.stockQuantity,
        category: v.category,
        imageUrls: v.imageUrls,
      });
      addToOutbox(tx, 'evt.catalog.product.updated.v1', { product: toProduct(row), removedImageUrls });
      return toProduct(row);
    });
    if (!result) return fail('NOT_FOUND', PRODUCT_MESSAGES.notFound);
    this.relay.nudge();
    return ok(result);
  }

  /** Deletes a product (admins only) and, in the same transaction, queues its deletion event. */
  async delete(actor: Actor, id: string): Promise<Result<{ id: string }>> {
    if (actor.role !== 'admin') return fail('FORBIDDEN', PRODUCT_MESSAGES.adminRequired);
    const deleted = await this.em.transactional(async (tx) => {
      const product = await tx.findOne(Product, { id });
      if (!product) return false;
      tx.remove(product);
      addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId: id, imageKeys: imageKeys(product.imageUrls) });
      return true;
    });
    if (!deleted) return fail('NOT_FOUND', PRODUCT_MESSAGES.notFound);
    this.relay.nudge();
    return ok({ id });
  }
}

const nullAttributes = () => ({ plantDifficulty: null, co2Requirement: null, lightRequirement: null, carbonateHardnessKh: null, generalHardnessGh: null });
