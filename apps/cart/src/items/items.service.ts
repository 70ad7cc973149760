import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { cartTotals, checkAddToCart, checkSetQuantity, isValidQuantity, linePricing, type CartRefusal } from '@jalaj/commerce';
import { AppErrorException, fail, newId, notice, ok, type Actor, type Cart, type CartLine, type Notice, type Result } from '@jalaj/contracts';
import { ChangeHints, getLogger, handledCommand, repeatedOutcome, type PreparedStatement } from '@jalaj/server-kit';
import { ProductFactsService } from '../products/product-facts.service.js';
import { boughtByProduct, type BoughtLine } from './bought-lines.js';
import { CART_CHANGES, CartItemsRepository, type CartLineRow } from './items.repository.js';

type Change = { cart: Cart; notice: Notice };

/** The facts a change function decided on (ADR 050), as it keeps them in the command log. */
type AddOutcome = { stock: number | null; existing: number; after: number | null };
type SetQuantityOutcome = { missing: true } | { removed: true } | { stock: number; after: number } | { stock: number | null; product: string };
type RemoveOutcome = { removed: number };

/** What a change decides from its outcome: the notice of a change made, or a refusal. */
type Decision = Change['notice'] | Result<never>;

/**
 * A shopper's cart on the server. Every query is scoped to the actor; the product facts
 * come from the cart's copy of the catalogue (kept by catalog's events, ADR 023) and every
 * price from libs/commerce at read time, never from the browser.
 *
 * The changes run as idempotent commands that keep their own log (`@IdempotentCommand({
 * loggedBy: 'handler' })`): each is one statement that claims the command, makes the change
 * where the cart rules allow it and keeps the facts it decided on (ADR 050).
 */
@Injectable()
export class CartService {
  private readonly log = getLogger('CartService');

  constructor(
    private readonly em: EntityManager,
    private readonly items: CartItemsRepository,
    private readonly facts: ProductFactsService,
    private readonly hints: ChangeHints,
  ) {}

  async cart(actor: Actor): Promise<Cart> {
    // One query: the lines with their products' facts, fresh from the database.
    return this.priced(await this.items.linesOf(actor.id));
  }

  /** The cart of `rows`: facts the copy lacks asked of catalog, every price from libs/commerce. */
  private async priced(rows: readonly CartLineRow[]): Promise<Cart> {
    const fetched = await this.facts.fetch(this.em, [...new Set(rows.filter((r) => r.facts === undefined).map((r) => r.productId))]);
    const lines: CartLine[] = rows.map((r) => {
      const p = r.facts === undefined ? fetched.get(r.productId) : r.facts;
      const pricing = linePricing(p?.pricePaise ?? 0, r.quantity);
      return {
        id: r.id,
        productId: r.productId,
        quantity: r.quantity,
        product: p ? { name: p.name, pricePaise: p.pricePaise, imageUrl: p.imageUrl, stockQuantity: p.stockQuantity } : null,
        discountPercent: pricing.discountPercent,
        discountedUnitPricePaise: pricing.discountedUnitPricePaise,
        lineTotalPaise: pricing.lineTotalPaise,
        savingsPaise: pricing.savingsPaise,
      };
    });
    // A deleted product's line stays visible but counts for nothing.
    const available = lines.filter((l) => l.product);
    const totals = cartTotals(available.map((l) => ({ unitPricePaise: l.product!.pricePaise, quantity: l.quantity })));
    return { lines, itemCount: lines.reduce((n, l) => n + l.quantity, 0), subtotalPaise: totals.subtotalPaise, savingsPaise: totals.savingsPaise };
  }

  /**
   * Runs a change as one statement (ADR 050): the command's claim, the write where the cart
   * rules allow it, and its outcome commit together; `decide` turns the outcome into the
   * reply with those rules. A repeat of a command gets the first handling's decision with
   * the cart as it is now. A product the cart's copy lacks is asked of catalog first.
   */
  private async change<O>(actor: Actor, statement: PreparedStatement, values: unknown[], decide: (outcome: O) => Decision): Promise<Result<Change>> {
    const command = handledCommand();
    const args = [...values, command?.subject ?? null, command?.id ?? null, command?.requestHash ?? null];
    let answer = await this.items.change<O>(statement, args);
    if ('unknown' in answer) {
      await this.facts.fetch(this.em, [answer.unknown]);
      answer = await this.items.change<O>(statement, args);
      if ('unknown' in answer) throw new AppErrorException({ code: 'CONFLICT', message: 'The cart could not be changed; please try again.' });
    }
    let outcome: O;
    if ('repeat' in answer) {
      const first = repeatedOutcome(answer.repeat, command, this.log);
      // A reply kept whole by CommandLog.run, before the change functions: returned as it was.
      if (isResult(first)) return first as Result<Change>;
      outcome = first as O;
    } else {
      outcome = answer.outcome;
    }
    const decided = decide(outcome);
    if (isResult(decided)) return decided;
    if (!('repeat' in answer)) this.hints.announce('hint.cart.cart.changed.v1', { userId: actor.id });
    return ok({ cart: await this.priced(answer.lines), notice: decided });
  }

  /**
   * Adds to the cart following spec §4. The merge is one atomic upsert that only
   * applies while the result stays within the stock, so two tabs adding at once can
   * neither exceed the stock nor create two lines for one product.
   */
  async add(actor: Actor, productId: string, quantity: number): Promise<Result<Change>> {
    if (!isValidQuantity(quantity)) return fail('INVALID_QUANTITY');
    return this.change<AddOutcome>(actor, CART_CHANGES.add, [actor.id, productId, quantity, newId('cit')], (o) => {
      if (o.after !== null) return notice(o.after > quantity ? 'CART_LINE_INCREASED' : 'CART_ITEM_ADDED', { quantity });
      const decision = checkAddToCart({ stock: o.stock, existingQuantity: o.existing, requestedQuantity: quantity });
      // The rules would allow what the upsert's condition refused: a change at the same moment.
      return decision.ok ? fail('CART_ADD_FAILED') : refusal(productId, decision);
    });
  }

  async update(actor: Actor, id: string, quantity: number): Promise<Result<Change>> {
    const early = checkSetQuantity({ stock: null, quantity });
    if (!early.ok && early.code === 'INVALID_QUANTITY') return fail('INVALID_QUANTITY');
    return this.change<SetQuantityOutcome>(actor, CART_CHANGES.setQuantity, [actor.id, id, quantity], (o) => {
      if ('missing' in o) return fail('CART_LINE_NOT_FOUND');
      if ('removed' in o) return notice('CART_ITEM_REMOVED');
      if ('after' in o) return notice('CART_QUANTITY_UPDATED', { quantity: o.after });
      const decision = checkSetQuantity({ stock: o.stock, quantity });
      if (decision.ok) throw new Error('cart_set_quantity refused a change the cart rules allow');
      return refusal(o.product, decision);
    });
  }

  async remove(actor: Actor, id: string): Promise<Result<Change>> {
    return this.change<RemoveOutcome>(actor, CART_CHANGES.remove, [actor.id, id], (o) => (o.removed ? notice('CART_ITEM_REMOVED') : fail('CART_LINE_NOT_FOUND')));
  }

  async clear(actor: Actor): Promise<Result<Change>> {
    return this.change<RemoveOutcome>(actor, CART_CHANGES.remove, [actor.id, null], () => notice('CART_CLEARED'));
  }

  /**
   * Takes a paid order's lines out of the shopper's cart ({@link removeBought}'s rule), once
   * per event: one statement claims the event in the inbox for `consumer` and changes the
   * lines (`cart_remove_bought`, ADR 056). Null when the event was handled before.
   */
  async removeBought(consumer: string, event: { id: string; subject: string }, userId: string, bought: readonly BoughtLine[]): Promise<{ lowered: number; removed: number } | null> {
    const byProduct = [...boughtByProduct(bought)];
    const done = await this.items.removeBought(consumer, event, userId, byProduct.map(([p]) => p), byProduct.map(([, q]) => q));
    if (done && (done.lowered || done.removed)) this.hints.announce('hint.cart.cart.changed.v1', { userId });
    return done;
  }
}

/** A reply (a refusal, or a whole reply kept before ADR 050) rather than a notice. */
const isResult = (value: unknown): value is Result<never> => typeof value === 'object' && value !== null && 'ok' in value;

/** A refused change as its code and facts; the catalogue holds the toast. */
function refusal(productId: string, refused: CartRefusal): Result<never> {
  if (refused.code === 'INSUFFICIENT_STOCK') return fail('INSUFFICIENT_STOCK', { productId, available: refused.stock?.available ?? 0, inCart: refused.stock?.inCart ?? 0 });
  return refused.code === 'OUT_OF_STOCK' ? fail('OUT_OF_STOCK', { productId }) : fail('INVALID_QUANTITY');
}
