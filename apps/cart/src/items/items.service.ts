import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { cartTotals, isValidQuantity, linePricing } from '@jalaj/commerce';
import { AppErrorException, fail, newId, notice, ok, type Actor, type Cart, type CartLine, type Notice, type Result } from '@jalaj/contracts';
import { ChangeHints, CommandLog } from '@jalaj/server-kit';
import { ProductFactsService } from '../products/product-facts.service.js';
import { boughtByProduct, removeBought, type BoughtLine } from './bought-lines.js';
import { addAnswer, decideAdd, decideSetQuantity, removeAnswer, setQuantityAnswer, type AddFacts, type Decision } from './cart-changes.js';
import { CartItemsRepository, type CartLineRow } from './items.repository.js';

type Change = { cart: Cart; notice: Notice };

/**
 * A shopper's cart on the server. Every query is scoped to the actor; the product facts
 * come from the cart's copy of the catalogue (kept by catalog's events, ADR 023) and every
 * price from libs/commerce at read time, never from the browser.
 *
 * The changes run as idempotent commands (`@IdempotentCommand()` on their handlers): they
 * read the facts, decide with the cart rules (cart-changes.ts) and write in one guarded
 * statement each (ADR 064), through the injected `EntityManager`. An add's statement claims
 * its command itself, with no transaction around it (ADR 088); the other changes run inside
 * one transaction with their command log row (ADR 012), to which that `EntityManager` resolves.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly em: EntityManager,
    private readonly items: CartItemsRepository,
    private readonly facts: ProductFactsService,
    private readonly hints: ChangeHints,
    private readonly commands: CommandLog,
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

  /** A change's reply: a refusal as it is; a change made with the cart after it, announced once it commits (ADR 025). */
  private async changed(actor: Actor, decided: Decision): Promise<Result<Change>> {
    if ('ok' in decided) return decided;
    this.announceChanged(actor.id);
    return ok({ cart: await this.cart(actor), notice: decided });
  }

  /** A product's stock and the shopper's line of it; a product the cart's copy lacks is asked of catalog first. */
  private async productInCart(userId: string, productId: string): Promise<AddFacts> {
    const known = await this.items.productInCart(userId, productId);
    if (known) return known;
    await this.facts.fetch(this.em, [productId]);
    const fetched = await this.items.productInCart(userId, productId);
    if (!fetched) throw new AppErrorException({ code: 'CONFLICT', message: 'The cart could not be changed; please try again.' });
    return fetched;
  }

  /**
   * Adds to the cart following spec §4. The write is one upsert that only applies while the
   * line stays within the stock, so two tabs adding at once can neither exceed the stock nor
   * create two lines for one product; the one it refuses is decided again.
   */
  async add(actor: Actor, productId: string, quantity: number): Promise<Result<Change>> {
    if (!isValidQuantity(quantity)) return fail('INVALID_QUANTITY');
    const facts = await this.productInCart(actor.id, productId);
    const step = decideAdd(facts, productId, quantity);
    if ('answer' in step) return step.answer;
    const after = await this.items.addWithinStock(newId('cit'), actor.id, productId, quantity, { stock: step.stock, existing: facts.existing });
    if (after !== null) return this.changed(actor, addAnswer({ ...facts, after }, productId, quantity));
    // A concurrent add came first: decided again on the facts as they are now, which a
    // repeat of this command is then answered from too.
    const now = await this.productInCart(actor.id, productId);
    await this.commands.keepOutcome({ ...now, after });
    return this.changed(actor, addAnswer({ ...now, after }, productId, quantity));
  }

  async update(actor: Actor, id: string, quantity: number): Promise<Result<Change>> {
    let line = await this.items.line(actor.id, id);
    if (line && line.stock === undefined && quantity > 0) {
      await this.facts.fetch(this.em, [line.productId]);
      line = await this.items.line(actor.id, id);
    }
    const step = decideSetQuantity(line && { productId: line.productId, stock: line.stock ?? null }, quantity);
    if ('answer' in step) return step.answer;
    const written = step.write === 'remove' ? await this.items.removeLine(actor.id, id) : await this.items.setQuantity(actor.id, id, step.quantity);
    return this.changed(actor, setQuantityAnswer(step, written));
  }

  async remove(actor: Actor, id: string): Promise<Result<Change>> {
    return this.changed(actor, removeAnswer(await this.items.removeLine(actor.id, id)));
  }

  async clear(actor: Actor): Promise<Result<Change>> {
    await this.items.clear(actor.id);
    return this.changed(actor, notice('CART_CLEARED'));
  }

  /**
   * The reply to a repeated change (ADR 050, 064): the first handling's decision, kept by
   * the command log with its reply, and the cart as it is now, which is what the shopper's
   * screen needs. A refusal is repeated as it was. `earlier` reads an outcome ADR 050's
   * change functions kept instead of a reply.
   */
  async repeated(actor: Actor, kept: unknown, earlier: (outcome: never) => Decision): Promise<Result<Change>> {
    const decided: Decision = isResult(kept) ? (kept.ok ? (kept.data as Change).notice : kept) : earlier(kept as never);
    return 'ok' in decided ? decided : ok({ cart: await this.cart(actor), notice: decided });
  }

  /**
   * Takes a paid order's lines out of the shopper's cart lines it was made of (`madeOf`;
   * {@link removeBought}'s rule), in a transaction of its own on `em` whose first statement
   * locks the lines and claims the event in the inbox (ADR 088): a change the shopper makes
   * at the same moment waits and is not lost, and an event handled before changes nothing.
   */
  async removeBought(em: EntityManager, userId: string, bought: readonly BoughtLine[], madeOf?: readonly string[]): Promise<{ lowered: number; removed: number }> {
    const { lower, remove } = await em.transactional(async (tx) => {
      const held = await this.items.lockLinesOf(tx, userId, [...boughtByProduct(bought).keys()]);
      const taken = removeBought(held, bought, madeOf);
      await this.items.takeOut(tx, userId, taken.lower, taken.remove);
      return taken;
    });
    if (lower.length || remove.length) this.announceChanged(userId);
    return { lowered: lower.length, removed: remove.length };
  }

  /** Tells every BFF, once the current transaction (if any) commits, that `userId`'s cart changed: they forget the answer they keep. */
  announceChanged(userId: string): void {
    this.hints.announce('hint.cart.cart.changed.v1', { userId });
  }
}

/** A reply (a refusal, or a whole kept reply) rather than a notice or a kept outcome. */
const isResult = (value: unknown): value is Result<unknown> => typeof value === 'object' && value !== null && 'ok' in value;
