import { formatCustomerDate, formatRupees } from './format.js';

/**
 * Orders that need a person's decision (issue #42, docs/adr/081-needs-attention.md): why an
 * order waits, the rules of the actions that settle it, and the words the admin's drawer and
 * the admins' daily mail say it in. A list of reasons, so that another (a guarantee claim
 * waiting) is one more entry.
 */

/**
 * Why an order waits for an admin, in the order the screens list them. `claim-waiting`: a
 * shopper's guarantee claim waits for approval or decline (docs/adr/078; the claim panel of
 * the drawer decides it).
 */
export const ATTENTION_REASONS = Object.freeze(['amount-mismatch', 'refund-refused', 'refund-stuck', 'claim-waiting'] as const);
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/**
 * How long a refund may stay unfinished at PhonePe before a person looks at it: 24 hours.
 * PhonePe answers a refund within minutes and completes most within hours (the money then
 * takes days to reach the bank, but PhonePe's state is COMPLETED or CONFIRMED by then); the
 * reconciler asks every 15 s. A day of PENDING, or of PhonePe not answering at all, is no
 * longer the usual delay.
 */
export const REFUND_STUCK_AFTER_HOURS = 24;

/**
 * The moment before which an unfinished refund counts as stuck, at `now`: 24 hours earlier,
 * to the whole minute (the figure and the list then agree for a minute, and cache per minute).
 */
export function refundStuckBefore(now: Date = new Date()): Date {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(minute - REFUND_STUCK_AFTER_HOURS * 3_600_000);
}

/** What the rules read of a refund. */
export interface AttentionRefundFacts {
  /** PhonePe's state as last seen (PENDING, COMPLETED, FAILED…), null before it was asked. */
  readonly providerState: string | null;
  readonly refundedAt: Date | string | null;
  /** When an admin marked it settled outside the shop; null otherwise. */
  readonly settledAt: Date | string | null;
  /** When it was last sent to PhonePe's care: created, or tried again. */
  readonly startedAt: Date | string;
}

/** Whether PhonePe refused a refund (its state FAILED). */
export const refundRefused = (providerState: string | null): boolean => providerState?.toUpperCase() === 'FAILED';

/**
 * Why a refund waits for an admin, or null: PhonePe refused it, or it has been unfinished
 * since before `stuckBefore` ({@link refundStuckBefore}). A refund PhonePe completed, or one
 * settled outside the shop, waits for nobody.
 */
export function refundAttention(refund: AttentionRefundFacts, stuckBefore: Date): 'refund-refused' | 'refund-stuck' | null {
  if (refund.refundedAt || refund.settledAt) return null;
  if (refundRefused(refund.providerState)) return 'refund-refused';
  return new Date(refund.startedAt).getTime() < stuckBefore.getTime() ? 'refund-stuck' : null;
}

/**
 * Whether a held order's payment may be accepted and the order sold: PhonePe took at least
 * the order's total. Less is never accepted: the bill of supply says what was billed, and a
 * sale for less than it would make the bill and the money disagree (the admin refunds it in
 * full and the shopper orders again). More is accepted: the order is sold for its total and
 * what was taken above it goes back to the shopper through PhonePe ({@link excessPaise}).
 */
export function paymentAcceptable(totalPaise: number, reportedPaise: number): boolean {
  return reportedPaise >= totalPaise;
}

/** What PhonePe took above the order's total (0 when it took the total or less): refunded when the payment is accepted. */
export function excessPaise(totalPaise: number, reportedPaise: number): number {
  return Math.max(reportedPaise - totalPaise, 0);
}

/** One thing an order waits for, as the drawer and the mail say it. */
export type AttentionFacts =
  | { readonly reason: 'amount-mismatch'; readonly totalPaise: number; readonly reportedPaise: number }
  | { readonly reason: 'refund-refused' | 'refund-stuck'; readonly amountPaise: number; readonly merchantRefundId: string; readonly since: Date | string }
  | { readonly reason: 'claim-waiting'; readonly units: number; readonly since: Date | string };

/** The short name of each reason (the filter, the mail's headings). */
export const ATTENTION_LABELS: Readonly<Record<AttentionReason, string>> = Object.freeze({
  'amount-mismatch': 'Held: PhonePe took another amount',
  'refund-refused': 'Refund refused by PhonePe',
  'refund-stuck': `Refund unfinished for over ${REFUND_STUCK_AFTER_HOURS} hours`,
  'claim-waiting': 'Guarantee claim waiting',
});

/**
 * What happened and what settles it, in words.
 *
 * @example attentionText({ reason: 'amount-mismatch', totalPaise: 32400, reportedPaise: 32300 })
 * // 'PhonePe took ₹323.00 for this order of ₹324.00, ₹1.00 less. Less than the order is never accepted: refund the ₹323.00 in full; the shopper can order again.'
 */
export function attentionText(item: AttentionFacts): string {
  if (item.reason === 'amount-mismatch') {
    const { totalPaise, reportedPaise } = item;
    const took = `PhonePe took ${formatRupees(reportedPaise)} for this order of ${formatRupees(totalPaise)}`;
    if (!paymentAcceptable(totalPaise, reportedPaise)) {
      return `${took}, ${formatRupees(totalPaise - reportedPaise)} less. Less than the order is never accepted: refund the ${formatRupees(reportedPaise)} in full; the shopper can order again.`;
    }
    return `${took}, ${formatRupees(excessPaise(totalPaise, reportedPaise))} more. Accept it and sell the order for ${formatRupees(totalPaise)} (the ${formatRupees(excessPaise(totalPaise, reportedPaise))} more goes back to the shopper through PhonePe), or refund the ${formatRupees(reportedPaise)} in full.`;
  }
  if (item.reason === 'claim-waiting') {
    const plants = item.units === 1 ? 'one plant' : `${item.units} plants`;
    return `The shopper claimed the 30-day guarantee for ${plants} on ${formatCustomerDate(item.since)}. Look at the photos, then approve it (a replacement order at ₹0) or decline it with a reason, under Guarantee claims.`;
  }
  const what = `The refund of ${formatRupees(item.amountPaise)} (${item.merchantRefundId})`;
  if (item.reason === 'refund-refused') {
    return `PhonePe refused ${what.charAt(0).toLowerCase()}${what.slice(1)}, asked on ${formatCustomerDate(item.since)}: the shopper has not got this money back. Try it again, or, if it was paid back another way, mark it settled with a note.`;
  }
  return `${what} has not finished at PhonePe since ${formatCustomerDate(item.since)}, over ${REFUND_STUCK_AFTER_HOURS} hours. Check it in PhonePe's dashboard; if the money was paid back another way, mark it settled with a note.`;
}

/** What an admin did to settle an order that waited (the order's history). */
export const DECISION_KINDS = Object.freeze(['payment-accepted', 'held-refunded', 'refund-retried', 'refund-settled'] as const);
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** One decision as the history shows it. */
export interface DecisionFacts {
  readonly kind: DecisionKind;
  readonly amountPaise: number;
  readonly merchantRefundId: string | null;
  readonly note: string | null;
}

/**
 * A decision in words, for the order's history.
 *
 * @example decisionText({ kind: 'refund-settled', amountPaise: 32400, merchantRefundId: 'MR1', note: 'Paid back by bank transfer' })
 * // 'Marked the refund of ₹324.00 (MR1) settled outside the shop: Paid back by bank transfer'
 */
export function decisionText(d: DecisionFacts): string {
  const refund = `the refund of ${formatRupees(d.amountPaise)}${d.merchantRefundId ? ` (${d.merchantRefundId})` : ''}`;
  switch (d.kind) {
    case 'payment-accepted':
      return `Accepted the ${formatRupees(d.amountPaise)} PhonePe took and sold the order`;
    case 'held-refunded':
      return `Refunded the ${formatRupees(d.amountPaise)} PhonePe took, in full`;
    case 'refund-retried':
      return `Asked PhonePe for ${refund} again`;
    case 'refund-settled':
      return `Marked ${refund} settled outside the shop${d.note ? `: ${d.note}` : ''}`;
  }
}

/**
 * The admins' daily mail's subject: how many orders wait.
 *
 * @example attentionDigestSubject(3) // '3 orders need a decision at Jalaj'
 */
export function attentionDigestSubject(orders: number): string {
  return `${orders} ${orders === 1 ? 'order needs' : 'orders need'} a decision at Jalaj`;
}
