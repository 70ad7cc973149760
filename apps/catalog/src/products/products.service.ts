import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { paiseToDecimalString, rupeesToPaise } from '@jalaj/commerce';
import { fail, newId, ok, type Actor, type ProductSummary, type Result } from '@jalaj/contracts';
import { addToOutbox, getLogger, OutboxRelay } from '@jalaj/server-kit';
import { Product } from './entities/product.entity.js';
import { DEMO_CATALOGUE } from './demo-catalogue.js';

/** Maps a row to the contract shape; prices leave the service as paise. */
export function toSummary(p: Product): ProductSummary {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    pricePaise: rupeesToPaise(p.price),
    imageUrls: p.imageUrls,
    category: p.category || 'aquatic_plant',
    stockQuantity: p.stockQuantity,
    createdAt: p.createdAt.toISOString(),
  };
}

@Injectable()
export class ProductsService {
  private readonly log = getLogger('ProductsService');

  constructor(
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
  ) {}

  /** The storefront list: oldest first, as the spec orders it. */
  async list(): Promise<ProductSummary[]> {
    const rows = await this.em.find(Product, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toSummary);
  }

  /** Deletes a product (admins only) and, in the same transaction, queues its deletion event. */
  async delete(actor: Actor, id: string): Promise<Result<{ id: string }>> {
    if (actor.role !== 'admin') return fail('FORBIDDEN', 'Unauthorized: Admin access required');
    const deleted = await this.em.transactional(async (tx) => {
      const product = await tx.findOne(Product, { id });
      if (!product) return false;
      const imageKeys = product.imageUrls.flatMap((u) => (u.startsWith('/media/') ? [u.slice('/media/'.length)] : []));
      tx.remove(product);
      addToOutbox(tx, 'evt.catalog.product.deleted.v1', { productId: id, imageKeys });
      return true;
    });
    if (!deleted) return fail('NOT_FOUND', 'Product not found');
    this.relay.nudge();
    return ok({ id });
  }

  /** Fills an empty catalogue with the demo plants (used by `npm start`). */
  async seedDemoCatalogue(): Promise<number> {
    const em = this.em.fork();
    if ((await em.count(Product)) > 0) return 0;
    const base = Date.now() - DEMO_CATALOGUE.length * 1000;
    DEMO_CATALOGUE.forEach((d, i) => {
      em.persist(
        em.create(Product, {
          id: newId('prd', base + i * 1000),
          name: d.name,
          description: d.description,
          price: paiseToDecimalString(d.pricePaise),
          stockQuantity: d.stockQuantity,
          category: d.category,
          imageUrls: [],
          plantDifficulty: d.plantDifficulty,
          co2Requirement: d.co2Requirement,
          lightRequirement: d.lightRequirement,
          createdAt: new Date(base + i * 1000),
        }),
      );
    });
    await em.flush();
    this.log.info({ count: DEMO_CATALOGUE.length }, 'demo catalogue seeded');
    return DEMO_CATALOGUE.length;
  }
}
