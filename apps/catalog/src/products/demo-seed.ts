import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { paiseToDecimalString } from '@jalaj/commerce';
import { newId } from '@jalaj/contracts';
import { DEMO_PLANTS, demoImageUrl } from '@jalaj/demo-data';
import { getLogger, takeTransactionLock } from '@jalaj/server-kit';
import { StockLedger } from '../history/stock-ledger.service.js';
import { Product } from './entities/product.entity.js';

/** Fills an empty catalogue with the demo plants (`SEED_DEMO_DATA=true`, as under `npm start`). Media draws their images. */
@Injectable()
export class DemoSeed {
  private readonly log = getLogger('DemoSeed');
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: StockLedger,
  ) {}

  /**
   * Seeds the demo catalogue into an empty one. Replicas starting together take turns
   * (an advisory lock held by the transaction), so only the first seeds.
   */
  async run(): Promise<number> {
    const seeded = await this.em.fork().transactional(async (em) => {
      await takeTransactionLock(em, 'catalog.demo-seed');
      if ((await em.count(Product)) > 0) return 0;
      // Spaced a second apart so "oldest first" keeps the catalogue's order.
      const base = Date.now() - DEMO_PLANTS.length * 1000;
      const ids = DEMO_PLANTS.map((_, i) => newId('prd', base + i * 1000));
      DEMO_PLANTS.forEach((d, i) => {
        const createdAt = new Date(base + i * 1000);
        em.persist(
          em.create(Product, {
            id: ids[i]!,
            name: d.name,
            description: d.description,
            price: paiseToDecimalString(d.pricePaise),
            // Inserted at 0; the ledger gives the stock, as the history's opening.
            stockQuantity: 0,
            category: d.category,
            imageUrls: [demoImageUrl(d.slug)],
            plantDifficulty: d.plantDifficulty,
            co2Requirement: d.co2Requirement,
            lightRequirement: d.lightRequirement,
            carbonateHardnessKh: d.carbonateHardnessKh,
            generalHardnessGh: d.generalHardnessGh,
            createdAt,
            updatedAt: createdAt,
          }),
        );
      });
      await em.flush();
      await this.ledger.apply(em, { cause: 'opening' }, DEMO_PLANTS.map((d, i) => ({ productId: ids[i]!, change: d.stockQuantity })));
      return DEMO_PLANTS.length;
    });
    if (seeded) this.log.info({ count: seeded }, 'demo catalogue seeded');
    return seeded;
  }
}
