import { isShippable, SOLD_STATES } from '@jalaj/commerce';
import type { OrderState, PaymentOutcome } from '@jalaj/contracts';

/**
 * The order's states and the checkout saga's decisions as pure functions (no I/O): which
 * state changes are allowed (the one table `Order.moveTo` enforces), and what PhonePe's
 * Order Status means for an order in a given state. The services apply them under the
 * order's row lock, so any number of duplicate, late or reordered callbacks give one state
 * change.
 */

/** Every allowed state change; anything else is refused (`Order.moveTo` throws). */
export const TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = Object.freeze({
  // Waiting for PhonePe: it decides (paid, failed), reports another amount (held), or the
  // money came but the stock was gone (refund_pending).
  pending: ['paid', 'failed', 'held', 'refund_pending'],
  // Shown as failed, then PhonePe completed it after all (a late payment): sold if the
  // stock can still be had, otherwise refunded; another amount is held.
  failed: ['paid', 'held', 'refund_pending'],
  // Sold; an admin may refund part of it (partly refunded) or all of it through PhonePe.
  paid: ['partly_refunded', 'refund_pending'],
  // Still sold (and shipped) for the rest: refunded further in part, or the rest of it.
  partly_refunded: ['partly_refunded', 'refund_pending'],
  // Everything goes back: refunded once PhonePe completed every refund of the order.
  refund_pending: ['refunded'],
  // Waits for an admin (docs/adr/081-needs-attention.md): PhonePe's amount accepted and sold
  // (or, the stock gone by then, refunded), or all of it refunded.
  held: ['paid', 'refund_pending'],
  // Final.
  refunded: [],
  // A guarantee replacement (docs/adr/078): born so when an admin approves a claim, with no
  // payment to decide and nothing to refund; it goes on only through the fulfilment steps.
  replacement: [],
});

/**
 * The states an order is created in; every later state is reached through
 * {@link TRANSITIONS}. `pending`: a checkout, paid only by PhonePe's Order Status.
 * `replacement`: an approved guarantee claim's replacement order (docs/adr/078), the
 * paid-equivalent a fulfilment starts from, without a payment: it enters no transition
 * from `pending`, so no path of the payment decider can lead to it or from it.
 */
export const INITIAL_STATES: readonly OrderState[] = Object.freeze(['pending', 'replacement']);

/** Whether an order may move from `from` to `to`. */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A state change the table does not allow: a bug in the caller, never a shopper's or an admin's mistake. */
export class ForbiddenTransition extends Error {
  constructor(
    readonly from: OrderState,
    readonly to: OrderState,
  ) {
    super(`an order cannot move from ${from} to ${to}`);
    this.name = 'ForbiddenTransition';
  }
}

/** The states whose payment PhonePe may still change (a late payment can complete a failed one). */
export const PAYMENT_OPEN_STATES: readonly OrderState[] = Object.freeze(['pending', 'failed']);

/** How PhonePe's opaque order state reads: PENDING waits, COMPLETED is money, FAILED and EXPIRED are final. */
export type PhonePeVerdict = 'pending' | 'completed' | 'failed';

/**
 * Reads PhonePe's order state. Only COMPLETED is money. FAILED, EXPIRED (seen in the SDK's
 * fixtures) and CANCELLED are final refusals; anything else, PENDING included, is read as
 * "not decided yet" so an unknown state never fails or pays an order.
 */
export function phonePeVerdict(state: string): PhonePeVerdict {
  const s = state.toUpperCase();
  if (s === 'COMPLETED') return 'completed';
  if (s === 'FAILED' || s === 'EXPIRED' || s === 'CANCELLED') return 'failed';
  return 'pending';
}

/** What to do about an order after asking PhonePe. */
export type PaymentDecision =
  /** Nothing changes (PhonePe has not decided, or the order is already settled). */
  | { readonly kind: 'wait' }
  | { readonly kind: 'none' }
  /** The money came for the right amount: sell the reserved stock (`reservationHeld`: false for a late payment, whose reservation was released). */
  | { readonly kind: 'sell'; readonly reservationHeld: boolean }
  /** The money came for another amount: hold the order for an admin (AMOUNT_MISMATCH). */
  | { readonly kind: 'hold'; readonly receivedPaise: number }
  /** PhonePe refused or the payment expired: release the stock and fail the order. */
  | { readonly kind: 'fail' };

/**
 * What PhonePe's Order Status `status` (state and amount) means for an order in state
 * `state` that asks `expectedPaise`.
 */
export function decidePayment(state: OrderState, status: { readonly state: string; readonly amountPaise: number }, expectedPaise: number): PaymentDecision {
  if (!PAYMENT_OPEN_STATES.includes(state)) return { kind: 'none' };
  const verdict = phonePeVerdict(status.state);
  if (verdict === 'completed') {
    if (status.amountPaise !== expectedPaise) return { kind: 'hold', receivedPaise: status.amountPaise };
    return { kind: 'sell', reservationHeld: state === 'pending' };
  }
  // A failed order stays failed whatever else PhonePe says; only a completion reopens it.
  if (state === 'failed') return { kind: 'none' };
  return verdict === 'failed' ? { kind: 'fail' } : { kind: 'wait' };
}

/**
 * After `sell`: what catalog's answers make of the order. `committed` is the reservation's
 * state after `rpc.catalog.stock.commit`; when it had been released (expired), `reserved`
 * says whether a new reservation of the same lines succeeded.
 */
export function afterSelling(committed: 'committed' | 'released', reserved?: boolean): 'paid' | 'refund_pending' {
  if (committed === 'committed') return 'paid';
  return reserved ? 'paid' : 'refund_pending';
}

/** The states an order may be refunded from by an admin: a sale, paid in whole or partly refunded (`SOLD_STATES`). */
export const REFUNDABLE_STATES: readonly OrderState[] = SOLD_STATES;

/**
 * The state a refund leaves an order in, by what is refunded in all: partly refunded while
 * some of the payment stays, refund_pending when all of it goes back.
 */
export function refundedState(refundedPaise: number, totalPaise: number): 'partly_refunded' | 'refund_pending' {
  return refundedPaise >= totalPaise ? 'refund_pending' : 'partly_refunded';
}

/** What PhonePe's refund state means for one refund: refunded when the money went back, else keep asking. */
export function decideRefund(refundState: string): 'refunded' | 'wait' | 'failed' {
  const s = refundState.toUpperCase();
  if (s === 'COMPLETED' || s === 'CONFIRMED') return 'refunded';
  if (s === 'FAILED') return 'failed';
  return 'wait';
}

/**
 * Which of the shopper's pages an order leads to: a sale (paid, or partly refunded since) or
 * a guarantee replacement → success, pending → the page that keeps checking, every other state → the failure page
 * (held and whole refunds included: the shopper did not get the plants; the page's code says why).
 */
export function outcomeOf(state: OrderState): PaymentOutcome['outcome'] {
  // A guarantee replacement has no payment, but it is on its way like a paid order.
  if (isShippable(state)) return 'paid';
  if (state === 'pending') return 'pending';
  return 'failed';
}
