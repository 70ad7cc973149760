import { Collection, type Opt } from '@mikro-orm/core';
import { Check, Entity, Index, OneToMany, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { refundRefused, type DecisionKind } from '@jalaj/commerce';
import { newId, type AddressSnapshot, type FulfilmentStatus, type OrderState } from '@jalaj/contracts';
import { canTransition, ForbiddenTransition, refundedState } from '../checkout-state.js';
import { merchantRefundId, retriedRefundId } from '../merchant-ids.js';
import { GuaranteeClaimRow, type ClaimedLine } from '../../claims/entities/guarantee-claim.entity.js';
import { FulfilmentEventRow } from '../../orders/entities/fulfilment-event.entity.js';
import { OrderDecisionRow } from './order-decision.entity.js';
import { OrderLineRow } from './order-line.entity.js';
import { OrderRefundRow } from './order-refund.entity.js';
import { paise } from './paise.js';

/**
 * An order: the aggregate of the order service, with its lines and fulfilment steps, and the
 * only shape of an order inside it (replies and read models are mapped from it). Created
 * pending (or failed) with its lines, amounts and both address snapshots when checkout
 * starts; from then on its state changes only through {@link Order.moveTo}, under the row
 * lock: PhonePe's Order Status (`PaymentDecider`) and an admin's refund
 * (`OrderActionsService`). docs/adr/018-checkout-saga.md, 067.
 */
@Entity({ tableName: 'orders' })
@Check({ name: 'orders_state_check', expression: "state in ('pending', 'paid', 'failed', 'held', 'refund_pending', 'partly_refunded', 'refunded', 'replacement')" })
// Refunds never add up to more than was paid (the claim's guard, docs/adr/074-partial-refunds.md; this is its backstop).
@Check({ name: 'orders_refunded_paise_check', expression: 'refunded_paise >= 0 and refunded_paise <= total_paise' })
// A shopper's orders, newest first; and the pending one a repeated checkout answers with.
@Index({ name: 'orders_user_idx', expression: 'create index orders_user_idx on orders (user_id, created_at desc)' })
// What the reconciler has to look at, soonest first.
@Index({ name: 'orders_next_check_idx', expression: 'create index orders_next_check_idx on orders (next_check_at) where next_check_at is not null' })
@Check({ name: 'orders_fulfilment_status_check', expression: "fulfilment_status in ('processing', 'packed', 'shipped', 'delivered', 'cancelled')" })
// The Orders tab (docs/adr/019-orders-bills-and-fulfilment.md, 021-orders-tab-at-scale.md): newest first (archived
// ones too: the export), and the default list (not archived) newest first, by state, by fulfilment and state.
@Index({ name: 'orders_created_idx', expression: 'create index orders_created_idx on orders (created_at desc, id desc)' })
@Index({ name: 'orders_listed_idx', expression: 'create index orders_listed_idx on orders (created_at desc, id desc) where archived_at is null' })
@Index({ name: 'orders_listed_state_idx', expression: 'create index orders_listed_state_idx on orders (state, created_at desc, id desc) where archived_at is null' })
@Index({
  name: 'orders_listed_fulfilment_idx',
  expression: 'create index orders_listed_fulfilment_idx on orders (fulfilment_status, state, created_at desc, id desc) where archived_at is null',
})
// The orders waiting to ship, sales (paid or partly refunded) and guarantee replacements (docs/adr/035-todays-figures-and-one-identity.md, 074, 078): the to-ship list and the dashboard's count.
@Index({
  name: 'orders_to_ship_idx',
  expression:
    "create index orders_to_ship_idx on orders (created_at desc, id desc) where archived_at is null and state in ('paid', 'partly_refunded', 'replacement') and (fulfilment_status is null or fulfilment_status in ('processing', 'packed'))",
})
// The held orders waiting for an admin (docs/adr/081-needs-attention.md): the needs-attention figure and filter.
// A sold order still without its bill number, for the reconciler (ADR 085).
@Index({ name: 'orders_unbilled_idx', expression: 'create index orders_unbilled_idx on orders (id) where paid_at is not null and bill_number is null' })
@Index({ name: 'orders_held_idx', expression: "create index orders_held_idx on orders (created_at desc, id desc) where archived_at is null and state = 'held'" })
@Index({ name: 'orders_archived_idx', expression: 'create index orders_archived_idx on orders (archived_at desc) where archived_at is not null' })
// Every change the Orders tab shows bumps the list version at commit (docs/adr/021-orders-tab-at-scale.md, 058; the
// function is the order-list-version-striped migration's); the reconciler's bookkeeping does not.
@Trigger({
  name: 'orders_list_changed',
  timing: 'after',
  events: ['insert', 'delete'],
  expression:
    'create constraint trigger orders_list_changed after insert or delete on orders deferrable initially deferred for each row execute function order_list_changed()',
})
@Trigger({
  name: 'orders_list_updated',
  timing: 'after',
  events: ['update'],
  // Every column but next_check_at, check_count, updated_at and cart_line_ids, never updated (ADR 058, 086;
  // migrations.int-spec.ts checks the list).
  expression: `create constraint trigger orders_list_updated after update of id, merchant_order_id, user_id, state, subtotal_paise,
    shipping_paise, total_paise, shipping_address_id, shipping_address, billing_address_id, billing_address, checkout_hash,
    reservation_id, phonepe_order_id, redirect_url, transaction_id, payment_mode, error_code, error_message, reported_amount_paise,
    expires_at, paid_at, created_at, order_number, bill_number, fulfilment_status, archived_at, archived_by, failed_at, refunded_paise,
    replacement_of_id, replacement_of_merchant_order_id
    on orders deferrable initially deferred for each row execute function order_list_changed()`,
})
// Found by the beginning of its number (LIKE 'ab12%'), under any collation.
@Index({ name: 'orders_order_number_idx', expression: 'create index orders_order_number_idx on orders (order_number text_pattern_ops)' })
export class Order {
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** Our id of the PhonePe payment, `MO<time><random>_<suffix>`. */
  @Property({ type: 'text' })
  @Unique({ name: 'orders_merchant_order_id_key' })
  merchantOrderId!: string;

  /** The spec's order number (§9, `orderNumber(merchantOrderId)` of libs/commerce), stored to be searched. */
  @Property({ type: 'text' })
  orderNumber!: string;

  @Property({ type: 'text' })
  userId!: string;

  /** Where the order is in the saga; written only by {@link Order.moveTo} (and at creation). */
  @Property({ type: 'text' })
  readonly state!: OrderState;

  @Property({ type: paise() })
  subtotalPaise!: number;

  @Property({ type: paise() })
  shippingPaise!: number;

  /** The payable amount (subtotal + shipping, a whole rupee): what PhonePe must report. */
  @Property({ type: paise() })
  totalPaise!: number;

  @Property({ type: 'text' })
  shippingAddressId!: string;

  @Property({ type: 'json' })
  shippingAddress!: AddressSnapshot;

  @Property({ type: 'text' })
  billingAddressId!: string;

  @Property({ type: 'json' })
  billingAddress!: AddressSnapshot;

  /** SHA-256 of the lines, amounts and address ids: a repeated checkout of the same cart finds this order. */
  @Property({ type: 'text' })
  checkoutHash!: string;

  /**
   * The shopper's cart lines the order was made of: paid, it takes its quantities out of
   * these lines only, so a line the shopper added after giving up on this payment stays
   * (docs/adr/086-a-late-payment-and-the-cart.md).
   */
  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  cartLineIds: string[] & Opt = [];

  /** Catalog's reservation of the stock (the order id; a late payment's second reservation has its own). */
  @Property({ type: 'text' })
  reservationId!: string;

  @Property({ type: 'text', nullable: true })
  phonepeOrderId?: string | null;

  /** PhonePe's page for this payment, answered again to a repeated checkout. */
  @Property({ type: 'text', nullable: true })
  redirectUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  transactionId?: string | null;

  @Property({ type: 'text', nullable: true })
  paymentMode?: string | null;

  /** PhonePe's (detailed) error code, or ours (OUT_OF_STOCK, PAYMENT_INIT_FAILED, AMOUNT_MISMATCH, STOCK_GONE, EXPIRED). */
  @Property({ type: 'text', nullable: true })
  errorCode?: string | null;

  @Property({ type: 'text', nullable: true })
  errorMessage?: string | null;

  /** The amount PhonePe reported when it differs from the order's (a held order). */
  @Property({ type: paise(), nullable: true })
  reportedAmountPaise?: number | null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  /** When the reconciler asks PhonePe next; null when nothing is left to ask. */
  @Property({ type: 'datetime', nullable: true })
  nextCheckAt?: Date | null;

  @Property({ type: 'integer', default: 0 })
  checkCount: number = 0;

  @Property({ type: 'datetime', nullable: true })
  paidAt?: Date | null;

  /** When the payment last failed (declined, expired, could not start); set by {@link Order.moveTo}. A late payment keeps it: the shopper's history tells both. */
  @Property({ type: 'datetime', nullable: true })
  failedAt?: Date | null;

  /**
   * What was refunded or is being refunded, in all: the sum of {@link Order.refunds}, never
   * more than the total. Raised only by the guarded claim (`claimRefund` of refunds.ts),
   * then recorded here by {@link Order.recordRefund}.
   */
  @Property({ type: paise(), defaultRaw: '0' })
  readonly refundedPaise: Opt<number> = 0;

  /** The bill of supply's serial (`JLJ/26-27/000123`), allocated in the transaction that marks the order paid. */
  @Property({ type: 'text', nullable: true })
  @Unique({ name: 'orders_bill_number_key' })
  billNumber?: string | null;

  /** The latest fulfilment step (its history is `order_fulfilment_events`). */
  @Property({ type: 'text', nullable: true })
  fulfilmentStatus?: FulfilmentStatus | null;

  /** Set when an admin deleted the order from the lists (it is kept: bills and payments stay). */
  @Property({ type: 'datetime', nullable: true })
  archivedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  archivedBy?: string | null;

  /**
   * For a replacement order (state `replacement`, docs/adr/078): the order whose plants it
   * replaces under the guarantee, and that order's merchant order id (its number); facts of
   * the approval, never changed.
   */
  @Property({ type: 'text', nullable: true })
  replacementOfId?: string | null;

  @Property({ type: 'text', nullable: true })
  replacementOfMerchantOrderId?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** The bought lines, in the cart's order. */
  @OneToMany(() => OrderLineRow, (line) => line.order, { orderBy: { position: 'asc' } })
  lines = new Collection<OrderLineRow>(this);

  /** The refunds, oldest first (docs/adr/074-partial-refunds.md). */
  @OneToMany(() => OrderRefundRow, (refund) => refund.order, { orderBy: { createdAt: 'asc', id: 'asc' } })
  refunds = new Collection<OrderRefundRow>(this);

  /** The admins' decisions on what the order waited for, oldest first (docs/adr/081-needs-attention.md). */
  @OneToMany(() => OrderDecisionRow, (decision) => decision.order, { orderBy: { decidedAt: 'asc', id: 'asc' } })
  decisions = new Collection<OrderDecisionRow>(this);

  /** The fulfilment steps an admin set, oldest first. */
  @OneToMany(() => FulfilmentEventRow, (event) => event.order, { orderBy: { createdAt: 'asc', id: 'asc' } })
  fulfilmentEvents = new Collection<FulfilmentEventRow>(this);

  /** The shopper's guarantee claims, oldest first (docs/adr/078). */
  @OneToMany(() => GuaranteeClaimRow, (claim) => claim.order, { orderBy: { createdAt: 'asc', id: 'asc' } })
  claims = new Collection<GuaranteeClaimRow>(this);

  /**
   * Moves the order to `to`: the one place its state changes, by the one transition table
   * (`TRANSITIONS` of checkout-state.ts).
   *
   * @throws ForbiddenTransition when the table does not allow it (a bug: callers decide first).
   */
  moveTo(to: OrderState): void {
    if (!canTransition(this.state, to)) throw new ForbiddenTransition(this.state, to);
    (this as { state: OrderState }).state = to;
    if (to === 'failed') this.failedAt = new Date();
  }

  /**
   * Records a refund whose amount the guarded claim has just added to what is refunded
   * (`claimRefund`, in this transaction): the refund with the order's next refund id, and the
   * state it leaves the order in (`refundedState`: partly refunded while some of the payment
   * stays, refund pending when all of it goes back). The reconciler asks PhonePe at once.
   * The refunds must be loaded.
   *
   * @param refundedPaise - What is refunded in all after the claim (its `RETURNING`).
   * @param to - The state it leaves the order in (a held order refunded in full: refund_pending, whatever the amount).
   * @returns The new refund.
   * @throws ForbiddenTransition when the order's state allows no refund (a bug: the claim is guarded by state).
   */
  recordRefund(
    refundedPaise: number,
    refund: { amountPaise: number; reason: string; by: string | null; at: Date },
    to: OrderState = refundedState(refundedPaise, this.totalPaise),
  ): OrderRefundRow {
    this.moveTo(to);
    (this as { refundedPaise: number }).refundedPaise = refundedPaise;
    return this.addRefund(refund, false);
  }

  /**
   * Records the refund of what PhonePe took above the total of an order sold for its total
   * (an accepted payment, docs/adr/081-needs-attention.md): no claim and no state change,
   * since it is no part of what the order was sold for. The refunds must be loaded.
   */
  recordExcessRefund(refund: { amountPaise: number; reason: string; by: string | null; at: Date }): OrderRefundRow {
    return this.addRefund(refund, true);
  }

  private addRefund(refund: { amountPaise: number; reason: string; by: string | null; at: Date }, excess: boolean): OrderRefundRow {
    const row = Object.assign(new OrderRefundRow(), {
      id: newId('rfd', refund.at.getTime()),
      order: this,
      merchantRefundId: merchantRefundId(this.merchantOrderId, this.refunds.length + 1),
      amountPaise: refund.amountPaise,
      reason: refund.reason,
      refundBy: refund.by,
      createdAt: refund.at,
      startedAt: refund.at,
      excess,
    });
    this.refunds.add(row);
    this.nextCheckAt = refund.at;
    return row;
  }

  /**
   * Hands a refund PhonePe refused to it again under a new merchant refund id (PhonePe keeps
   * one outcome per id); the amount stays claimed. The reconciler asks PhonePe at once.
   *
   * @returns False (nothing changed) when PhonePe has not refused it, or it is settled.
   */
  retryRefund(refund: OrderRefundRow, at: Date): boolean {
    if (!refundRefused(refund.providerState ?? null) || refund.doneAt()) return false;
    refund.attempts += 1;
    refund.merchantRefundId = retriedRefundId(refund.merchantRefundId, refund.attempts);
    refund.providerState = null;
    refund.requestedAt = null;
    refund.startedAt = at;
    this.nextCheckAt = at;
    return true;
  }

  /**
   * Marks a refund settled outside the shop: the money went back another way (`note` says
   * how). It counts as refunded from then on and is no longer asked about; an order refunded
   * in all is refunded once every refund is done.
   *
   * @returns False (nothing changed) when it is done already (completed or settled).
   */
  settleRefund(refund: OrderRefundRow, settled: { by: string; at: Date; note: string }): boolean {
    if (refund.doneAt()) return false;
    refund.settledAt = settled.at;
    refund.settledBy = settled.by;
    refund.settledNote = settled.note;
    this.finishRefunds();
    return true;
  }

  /** A refund_pending order whose refunds are all done (completed or settled) is refunded. */
  finishRefunds(): void {
    if (this.state === 'refund_pending' && this.refunds.getItems().every((r) => r.doneAt())) this.moveTo('refunded');
  }

  /** Records an admin's decision in the order's history. The decisions must be loaded. */
  recordDecision(decision: { kind: DecisionKind; amountPaise: number; merchantRefundId: string | null; note: string | null; by: string; at: Date }): OrderDecisionRow {
    const row = Object.assign(new OrderDecisionRow(), {
      id: newId('dec', decision.at.getTime()),
      order: this,
      kind: decision.kind,
      amountPaise: decision.amountPaise,
      merchantRefundId: decision.merchantRefundId,
      note: decision.note,
      decidedBy: decision.by,
      decidedAt: decision.at,
    });
    this.decisions.add(row);
    return row;
  }

  /** The refunds of what the order was sold for (not the excess of an accepted payment): what its money lines and bill show. */
  countedRefunds(): OrderRefundRow[] {
    return this.refunds.getItems().filter((r) => !r.excess);
  }

  /**
   * Files a guarantee claim the caller has checked with `claimRefusal` (@jalaj/commerce) on
   * this order, read under its row lock with its lines, steps and claims: so two claims of
   * the same plant at once are decided one after the other. Pending until an admin decides.
   *
   * @returns The new claim.
   */
  fileClaim(claim: { lines: ClaimedLine[]; description: string; photoIds: string[]; at: Date }): GuaranteeClaimRow {
    const row = Object.assign(new GuaranteeClaimRow(), {
      id: newId('gcl', claim.at.getTime()),
      order: this,
      state: 'pending',
      lines: claim.lines,
      description: claim.description,
      photoIds: claim.photoIds,
      createdAt: claim.at,
    });
    this.claims.add(row);
    return row;
  }

  /** The refunds PhonePe has not completed yet and has not refused, and no admin settled. */
  refundsInFlight(): OrderRefundRow[] {
    return this.refunds.getItems().filter((r) => !r.doneAt() && !refundRefused(r.providerState ?? null));
  }
}
