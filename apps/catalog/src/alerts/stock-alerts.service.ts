import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { appError, BACK_IN_STOCK_MAX_USERS, ok, type Actor, type AppError, type EventData, type Result, type StockAlertList } from '@jalaj/contracts';
import { addToOutbox, getLogger } from '@jalaj/server-kit';
import { StockAlertsRepository, type TakenAlert } from './stock-alerts.repository.js';

/** A product's stock before and after a change. */
export type StockChange = { readonly productId: string; readonly before: number; readonly after: number };

type BackInStock = EventData<'evt.catalog.product.back-in-stock.v1'>;

/** The products of `changes` whose stock went from 0 to more: only these are back in stock. */
export function cameBackInStock(changes: readonly StockChange[]): StockChange[] {
  return changes.filter((c) => c.before <= 0 && c.after > 0);
}

/**
 * Why a shopper cannot ask to be told when a product is back: there is no such product, or
 * it is in stock (it can be bought now); null when they can.
 */
export function alertRefusal(productId: string, stockQuantity: number | null): AppError | null {
  if (stockQuantity === null) return appError('PRODUCT_NOT_FOUND', { productId });
  if (stockQuantity > 0) return appError('PRODUCT_IN_STOCK', { productId, stockQuantity });
  return null;
}

/**
 * The events that tell identity whom to mail: one per product, each shopper once, in
 * the order they asked, at most {@link BACK_IN_STOCK_MAX_USERS} shoppers an event.
 */
export function backInStockEvents(taken: readonly TakenAlert[], stockAfter: ReadonlyMap<string, number>): BackInStock[] {
  const byProduct = new Map<string, { productName: string; userIds: string[] }>();
  for (const t of taken) {
    const entry = byProduct.get(t.productId) ?? { productName: t.productName, userIds: [] };
    if (!entry.userIds.includes(t.userId)) entry.userIds.push(t.userId);
    byProduct.set(t.productId, entry);
  }
  const events: BackInStock[] = [];
  for (const [productId, { productName, userIds }] of byProduct) {
    const stockQuantity = stockAfter.get(productId);
    if (!stockQuantity) continue;
    for (let i = 0; i < userIds.length; i += BACK_IN_STOCK_MAX_USERS) {
      events.push({ productId, productName, stockQuantity, userIds: userIds.slice(i, i + BACK_IN_STOCK_MAX_USERS) });
    }
  }
  return events;
}

/**
 * Back-in-stock alerts (issue #41, ADR 077). A shopper may wait for a product only while
 * it is out of stock, decided under the product's share lock; every change that raises
 * stock calls {@link StockAlertsService.stockChanged} in its own transaction, under its
 * row lock, which uses up the requests of the products that came back and writes the
 * event identity mails from, through the outbox: the stock, the used-up requests and the
 * event commit together or not at all.
 */
@Injectable()
export class StockAlertsService {
  private readonly log = getLogger('StockAlertsService');

  constructor(
    private readonly em: EntityManager,
    private readonly alerts: StockAlertsRepository,
  ) {}

  /** The products the shopper waits for. */
  async list(actor: Actor): Promise<Result<StockAlertList>> {
    return ok({ productIds: await this.alerts.productIdsOf(this.em, actor.id) });
  }

  /** The shopper waits for the product to be back; asking again changes nothing. */
  async create(actor: Actor, productId: string): Promise<Result<StockAlertList>> {
    return this.em.transactional(async (tx): Promise<Result<StockAlertList>> => {
      const refused = alertRefusal(productId, await this.alerts.stockForShare(tx, productId));
      if (refused) return { ok: false, error: refused };
      await this.alerts.add(tx, productId, actor.id);
      return ok({ productIds: await this.alerts.productIdsOf(tx, actor.id) });
    });
  }

  /** The shopper no longer waits for the product; one they were not waiting for changes nothing. */
  async delete(actor: Actor, productId: string): Promise<Result<StockAlertList>> {
    return this.em.transactional(async (tx) => {
      await this.alerts.remove(tx, productId, actor.id);
      return ok({ productIds: await this.alerts.productIdsOf(tx, actor.id) });
    });
  }

  /** How many shoppers wait for each product of a page of the Products tab. */
  waitingCounts(productIds: readonly string[]): Promise<Record<string, number>> {
    return this.alerts.counts(this.em, productIds);
  }

  /**
   * Called in the transaction of every stock change that may raise stock, after the change
   * and under its row locks: the requests for the products that went from 0 to more are
   * used up, and their back-in-stock events written to the outbox.
   *
   * @returns How many shoppers are to be mailed.
   */
  async stockChanged(tx: EntityManager, changes: readonly StockChange[]): Promise<number> {
    const back = cameBackInStock(changes);
    if (!back.length) return 0;
    const taken = await this.alerts.take(tx, back.map((c) => c.productId));
    const events = backInStockEvents(taken, new Map(back.map((c) => [c.productId, c.after])));
    for (const event of events) addToOutbox(tx, 'evt.catalog.product.back-in-stock.v1', event);
    const shoppers = events.reduce((n, e) => n + e.userIds.length, 0);
    if (shoppers) this.log.info({ productIds: events.map((e) => e.productId), shoppers }, 'back in stock: waiting shoppers to be mailed');
    return shoppers;
  }
}
