import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { AppErrorException, type Product } from '@jalaj/contracts';
import { RpcClient, runSql } from '@jalaj/server-kit';

/** The facts of a product a cart line needs; null for a product deleted from the catalogue. */
export interface ProductFacts {
  name: string;
  pricePaise: number;
  imageUrl: string | null;
  stockQuantity: number;
}

/** A row of `cart_products` as SQL returns it. */
export interface ProductFactsRow {
  product_id: string;
  name: string;
  price_paise: number;
  image_url: string | null;
  stock_quantity: number;
  deleted: boolean;
}

export const factsOfRow = (r: Pick<ProductFactsRow, 'name' | 'price_paise' | 'image_url' | 'stock_quantity' | 'deleted'>): ProductFacts | null =>
  r.deleted ? null : { name: r.name, pricePaise: r.price_paise, imageUrl: r.image_url, stockQuantity: r.stock_quantity };


/**
 * The cart's copy of catalogue facts (`cart_products`, ADR 023): catalog's events keep it
 * in step; a product the cart has never heard of (created before the cart consumed
 * events, or an event still on its way) is asked of catalog once and kept. Its time is
 * -infinity, so any event about it, however old, is newer and applies.
 */
@Injectable()
export class ProductFactsService {
  constructor(private readonly rpc: RpcClient) {}

  /** Asks catalog for products the copy lacks and keeps them; one request for all. */
  async fetch(em: EntityManager, ids: readonly string[]): Promise<Map<string, ProductFacts | null>> {
    const facts = new Map<string, ProductFacts | null>();
    if (!ids.length) return facts;
    const reply = await this.rpc.request('rpc.catalog.products.get-many', { ids: [...ids] });
    if (!reply.ok) throw new AppErrorException(reply.error);
    const found = new Map(reply.data.items.map((p) => [p.id, p]));
    for (const id of ids) {
      const p = found.get(id);
      facts.set(id, p ? factsOf(p) : null);
      await runSql(
        em,
        `insert into cart_products (product_id, name, price_paise, image_url, stock_quantity, deleted, facts_at, stock_at)
         values ($1, $2, $3, $4, $5, $6, '-infinity', '-infinity') on conflict (product_id) do nothing`,
        [id, p?.name ?? '', p?.pricePaise ?? 0, p?.imageUrls[0] ?? null, p?.stockQuantity ?? 0, !p],
      );
    }
    return facts;
  }

  /** A product created or changed at `at` (its event's time): its facts and its stock, each if newer. */
  async applyProduct(em: EntityManager, product: Product, at: Date): Promise<void> {
    const f = factsOf(product);
    await runSql(
      em,
      `insert into cart_products (product_id, name, price_paise, image_url, stock_quantity, deleted, facts_at, stock_at)
       values ($1, $2, $3, $4, $5, false, $6, $7) on conflict (product_id) do nothing`,
      [product.id, f.name, f.pricePaise, f.imageUrl, f.stockQuantity, at, at],
    );
    await runSql(em, 'update cart_products set name = $1, price_paise = $2, image_url = $3, deleted = false, facts_at = $4 where product_id = $5 and facts_at < $6', [f.name, f.pricePaise, f.imageUrl, at, product.id, at]);
    await this.applyStock(em, product.id, f.stockQuantity, at);
  }

  /** A product's stock after a change at `at`, if newer than what the copy holds. */
  async applyStock(em: EntityManager, productId: string, stockQuantity: number, at: Date): Promise<void> {
    await runSql(em, 'update cart_products set stock_quantity = $1, stock_at = $2 where product_id = $3 and stock_at < $4', [stockQuantity, at, productId, at]);
  }

  /** A product deleted at `at`. */
  async applyDeleted(em: EntityManager, productId: string, at: Date): Promise<void> {
    await runSql(
      em,
      `insert into cart_products (product_id, name, price_paise, image_url, stock_quantity, deleted, facts_at, stock_at)
       values ($1, '', 0, null, 0, true, $2, $3)
       on conflict (product_id) do update set deleted = true, facts_at = excluded.facts_at where cart_products.facts_at < excluded.facts_at`,
      [productId, at, at],
    );
  }
}

const factsOf = (p: Product): ProductFacts => ({ name: p.name, pricePaise: p.pricePaise, imageUrl: p.imageUrls[0] ?? null, stockQuantity: p.stockQuantity });
