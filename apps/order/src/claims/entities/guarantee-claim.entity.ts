import type { Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import type { ClaimState } from '@jalaj/commerce';
import { Order } from '../../checkout/entities/order.entity.js';

/** One claimed plant: which, its name as bought, and how many. */
export interface ClaimedLine {
  productId: string;
  productName: string;
  quantity: number;
}

/**
 * A shopper's claim of the 30-day guarantee on one of their orders (issue #41,
 * docs/adr/078-guarantee-claims-as-replacement-orders.md). Part of the `Order` aggregate:
 * filed only by `Order.fileClaim`, under the order's row lock, after `claimRefusal` of
 * @jalaj/commerce allowed it. Its decision is one guarded statement (`decideClaim` of
 * claims.repository.ts) that moves it from pending once; an approval then records the
 * replacement order made for it.
 */
@Entity({ tableName: 'guarantee_claims' })
@Index({ name: 'guarantee_claims_order_idx', properties: ['order', 'createdAt'] })
// The claims waiting for an admin: today's figure and the Orders tab's filter.
@Index({ name: 'guarantee_claims_waiting_idx', expression: "create index guarantee_claims_waiting_idx on guarantee_claims (order_id) where state = 'pending'" })
@Check({ name: 'guarantee_claims_state_check', expression: "state in ('pending', 'approved', 'declined')" })
// A claim's filing and decision show in the Orders tab (its filter and figure): it bumps the list version at commit (ADR 058).
@Trigger({
  name: 'guarantee_claims_list_changed',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  expression:
    'create constraint trigger guarantee_claims_list_changed after insert or update or delete on guarantee_claims deferrable initially deferred for each row execute function order_list_changed()',
})
export class GuaranteeClaimRow {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => Order, { deleteRule: 'cascade', foreignKeyName: 'guarantee_claims_order_id_fkey' })
  // Rel: the order's module imports this one (its collection), and the type is no value at load.
  order!: Rel<Order>;

  /** Pending until an admin decides; written after the filing only by the guarded decision. */
  @Property({ type: 'text' })
  readonly state!: ClaimState;

  /** The claimed plants, with their names as bought. */
  @Property({ type: 'json' })
  lines!: ClaimedLine[];

  /** What happened, in the shopper's words. */
  @Property({ type: 'text' })
  description!: string;

  /** The photos' upload ids at media (`upl_…`), in the order sent; private to the shopper and admins. */
  @Property({ type: 'json' })
  photoIds!: string[];

  @Property({ type: 'text', nullable: true })
  decidedBy?: string | null;

  @Property({ type: 'datetime', nullable: true })
  decidedAt?: Date | null;

  /** Why it was declined; the shopper reads it. */
  @Property({ type: 'text', nullable: true })
  declineReason?: string | null;

  /** The replacement order an approval made, and its merchant order id (facts of the decision, never changed). */
  @Property({ type: 'text', nullable: true })
  replacementOrderId?: string | null;

  @Property({ type: 'text', nullable: true })
  replacementMerchantOrderId?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
