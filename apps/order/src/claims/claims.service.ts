import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { billNumberPattern, claimRefusal, financialYear, formatBillNumber, orderNumber, type GuaranteeOrder } from '@jalaj/commerce';
import { AppErrorException, fail, newId, notice, ok, type Actor, type AdminOrderView, type ClaimInput, type Notice, type OrderView, type Result } from '@jalaj/contracts';
import { addToOutbox, getLogger, InjectConfig, RpcClient } from '@jalaj/server-kit';
import type { OrderConfig } from '../config.js';
import { CheckoutRepository } from '../checkout/checkout.repository.js';
import type { Order } from '../checkout/entities/order.entity.js';
import { newMerchantOrderId } from '../checkout/merchant-ids.js';
import { AdminCheck } from '../orders/admin-check.js';
import { Customers } from '../orders/customers.js';
import { adminOrderViews, toOrderView } from '../orders/order-views.js';
import { ClaimsRepository } from './claims.repository.js';
import type { GuaranteeClaimRow } from './entities/guarantee-claim.entity.js';

/** How long catalog holds a replacement's stock between its reservation and its commit, a moment later in the same command. */
const REPLACEMENT_HOLD_SECONDS = 300;

/** An order as the guarantee's rules read it (`claimRefusal` of @jalaj/commerce). */
export function guaranteeFacts(o: Order): GuaranteeOrder {
  return {
    state: o.state,
    fulfilmentStatus: o.fulfilmentStatus ?? null,
    fulfilment: o.fulfilmentEvents.getItems().map((e) => ({ status: e.status, at: e.createdAt })),
    lines: o.lines.getItems().map((l) => ({ productId: l.productId, productName: l.productName, quantity: l.quantity })),
    claims: o.claims.getItems().map((c) => ({ state: c.state, lines: c.lines })),
  };
}

/** What a claim's events say about it. */
function claimFacts(o: Order, c: GuaranteeClaimRow, at: Date) {
  return { claimId: c.id, orderId: o.id, merchantOrderId: o.merchantOrderId, userId: o.userId, lines: c.lines, at: at.toISOString() };
}

/**
 * The 30-day guarantee as replacement orders (issue #41, docs/adr/078): a shopper files a
 * claim on their delivered order; an admin approves it (a replacement order at ₹0, its stock
 * taken through catalog's reservation like any order's) or declines it with a reason. Each
 * runs as an idempotent command (ADR 012): the injected `EntityManager` is the command's
 * transaction, so the change, its event in the outbox and the command log commit together.
 */
@Injectable()
export class ClaimsService {
  private readonly log = getLogger('ClaimsService');

  constructor(
    private readonly em: EntityManager,
    private readonly claims: ClaimsRepository,
    private readonly orders: CheckoutRepository,
    private readonly admins: AdminCheck,
    private readonly customers: Customers,
    private readonly rpc: RpcClient,
    @InjectConfig() private readonly config: OrderConfig,
  ) {}

  /**
   * Files the actor's claim on their order, decided by `claimRefusal` under the order's row
   * lock (the window, what is left to claim, one claim per plant at a time). The photos were
   * stored with media by the BFF for this request. Publishes
   * `evt.order.claim.filed.v1`: identity mails the shopper, media keeps the photos.
   */
  async file(actor: Actor, orderId: string, input: ClaimInput, photoIds: string[]): Promise<Result<{ notice: Notice; order: OrderView }>> {
    const order = await this.claims.lockOrder(orderId, actor.id);
    if (!order) return fail('ORDER_NOT_FOUND');
    const now = new Date();
    const refused = claimRefusal(guaranteeFacts(order), input.lines, now);
    if (refused) return { ok: false, error: { code: refused.code, data: { ...refused.data } } };
    const names = new Map(order.lines.getItems().map((l) => [l.productId, l.productName]));
    const claim = order.fileClaim({
      lines: input.lines.map((l) => ({ productId: l.productId, productName: names.get(l.productId)!, quantity: l.quantity })),
      description: input.description,
      photoIds,
      at: now,
    });
    addToOutbox(this.em, 'evt.order.claim.filed.v1', { ...claimFacts(order, claim, now), photoIds });
    await this.em.flush();
    this.log.info({ orderId, claimId: claim.id }, 'guarantee claim filed');
    return ok({ notice: notice('CLAIM_FILED'), order: toOrderView(order) });
  }

  /** Whether the actor may see a claim photo of the order: its shopper, or an admin (re-checked with identity). */
  async photo(actor: Actor, orderId: string, photoId: string): Promise<Result<{ photoId: string }>> {
    const admin = actor.role === 'admin' && (await this.admins.mayRead(actor));
    if (!(await this.claims.hasPhoto(orderId, photoId, admin ? null : actor.id))) return fail('NOT_FOUND');
    return ok({ photoId });
  }

  /**
   * Approves a waiting claim: the guarded decision first (a second admin, or a second click,
   * finds it decided), then the claimed plants' stock through catalog's reservation and
   * commit, as any order's (reserved under the claim's id, so a retry after a rollback finds
   * the same reservation), then the replacement order: ₹0, the original's address snapshots,
   * in the state `replacement` (ready for the fulfilment steps, no payment), with its bill
   * number. No stock: thrown, so the decision rolls back and the claim keeps waiting.
   */
  async approve(actor: Actor, claimId: string): Promise<Result<{ notice: Notice; order: AdminOrderView }>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const orderId = await this.claims.decideClaim(claimId, { state: 'approved', by: actor.id, reason: null });
    if (!orderId) return this.undecidable(claimId);
    const original = (await this.claims.order(orderId))!;
    const claim = original.claims.getItems().find((c) => c.id === claimId)!;
    const lines = claim.lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
    const now = new Date();
    const merchantOrderId = newMerchantOrderId(now.getTime());

    // Named by the replacement's own number: the plants' stock history reads 'Sale, order …' of the replacement (ADR 080, 078).
    const reserved = await this.rpc.request('rpc.catalog.stock.reserve', { reservationId: claimId, orderNumber: orderNumber(merchantOrderId), lines, ttlSeconds: REPLACEMENT_HOLD_SECONDS });
    if (!reserved.ok) throw new AppErrorException(reserved.error);
    const committed = await this.rpc.request('rpc.catalog.stock.commit', { reservationId: claimId });
    if (!committed.ok) throw new AppErrorException(committed.error);
    // Released before the commit (it held longer than its time): the stock went back; nothing is made.
    if (committed.data.status !== 'committed') throw new AppErrorException({ code: 'CONFLICT' });

    const replacement = await this.replacementOf(original, claim, merchantOrderId, now);
    claim.replacementOrderId = replacement.id;
    claim.replacementMerchantOrderId = replacement.merchantOrderId;
    addToOutbox(this.em, 'evt.order.claim.decided.v1', {
      ...claimFacts(original, claim, now),
      decision: 'approved',
      reason: null,
      replacement: { orderId: replacement.id, merchantOrderId: replacement.merchantOrderId },
    });
    await this.em.flush();
    this.log.info({ orderId, claimId, replacementId: replacement.id, by: actor.id }, 'guarantee claim approved; replacement order made');
    return ok({ notice: notice('CLAIM_APPROVED', { merchantOrderId: replacement.merchantOrderId }), order: await this.view(actor, original) });
  }

  /** Declines a waiting claim with the admin's reason, which the shopper reads (guarded like an approval). */
  async decline(actor: Actor, claimId: string, reason: string): Promise<Result<{ notice: Notice; order: AdminOrderView }>> {
    if (!(await this.admins.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const orderId = await this.claims.decideClaim(claimId, { state: 'declined', by: actor.id, reason });
    if (!orderId) return this.undecidable(claimId);
    const original = (await this.claims.order(orderId))!;
    const claim = original.claims.getItems().find((c) => c.id === claimId)!;
    const now = new Date();
    addToOutbox(this.em, 'evt.order.claim.decided.v1', { ...claimFacts(original, claim, now), decision: 'declined', reason, replacement: null });
    this.log.info({ orderId, claimId, by: actor.id }, 'guarantee claim declined');
    return ok({ notice: notice('CLAIM_DECLINED'), order: await this.view(actor, original) });
  }

  /** Why a claim could not be decided: there is none, or it was decided already. */
  private async undecidable(claimId: string): Promise<Result<never>> {
    const claim = await this.claims.claim(claimId);
    if (!claim) return fail('CLAIM_NOT_FOUND');
    return fail('CLAIM_ALREADY_DECIDED', { state: claim.state === 'declined' ? 'declined' : 'approved' });
  }

  /**
   * The replacement order of an approved claim (docs/adr/078): the claimed plants at ₹0, the
   * original's address snapshots, born in the state `replacement` (`INITIAL_STATES`), never
   * asked of PhonePe (no payment, nothing due), and its bill number from the year's serial,
   * as a paid order's (ADR 054).
   */
  private async replacementOf(original: Order, claim: GuaranteeClaimRow, merchantOrderId: string, now: Date): Promise<Order> {
    const id = newId('ord', now.getTime());
    const bought = new Map(original.lines.getItems().map((l) => [l.productId, l]));
    const year = financialYear(now);
    const serial = await this.orders.nextBillSerial(year);
    const fits = serial < 10 ** billNumberPattern(this.config.BILL_SERIAL_PREFIX, year).digits;
    if (!fits) this.log.error({ claimId: claim.id }, 'no bill number for the replacement: the serial does not fit the prefix');
    return this.orders.create(
      {
        id,
        merchantOrderId,
        orderNumber: orderNumber(merchantOrderId),
        userId: original.userId,
        state: 'replacement',
        subtotalPaise: 0,
        shippingPaise: 0,
        totalPaise: 0,
        shippingAddressId: original.shippingAddressId,
        shippingAddress: original.shippingAddress,
        billingAddressId: original.billingAddressId,
        billingAddress: original.billingAddress,
        checkoutHash: `replacement:${claim.id}`,
        reservationId: claim.id,
        expiresAt: now,
        nextCheckAt: null,
        checkCount: 0,
        billNumber: fits ? formatBillNumber(this.config.BILL_SERIAL_PREFIX, year, serial) : null,
        replacementOfId: original.id,
        replacementOfMerchantOrderId: original.merchantOrderId,
        createdAt: now,
        updatedAt: now,
      },
      claim.lines.map((l) => ({
        productId: l.productId,
        productName: l.productName,
        imageUrl: bought.get(l.productId)?.imageUrl ?? null,
        quantity: l.quantity,
        unitPricePaise: 0,
        discountPercent: 0,
        discountedUnitPricePaise: 0,
        lineTotalPaise: 0,
      })),
    );
  }

  /** The order as the Orders tab shows it, with its customer and deciding admins from identity (one look-up). */
  private async view(actor: Actor, order: Order): Promise<AdminOrderView> {
    return (await adminOrderViews([order], (ids) => this.customers.byId(actor, ids, true)))[0]!;
  }
}
