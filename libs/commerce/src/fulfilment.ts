import type { StatusDisplay } from './display.js';

/**
 * The steps a paid order goes through on its way to the shopper (issue #11), in order;
 * `cancelled` ends an order that will not be delivered. Mirrors `FULFILMENT_STATUSES` of
 * the contracts (commerce may not import them, ADR 013).
 */
export const FULFILMENT_STEPS = ['processing', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

const FORWARD: readonly FulfilmentStep[] = ['processing', 'packed', 'shipped', 'delivered'];

/** How each step reads on the screens and in mails. */
export const FULFILMENT_LABELS: Readonly<Record<FulfilmentStep, string>> = Object.freeze({
  processing: 'Processing',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
});

/** What a shopper reads of a paid order until the seller starts on it (issue #38). */
export const PAID_BEING_PREPARED = 'Paid — being prepared';

/**
 * Where an order stands on its way to the shopper, as their order screens badge it: the
 * latest fulfilment step (delivered green, cancelled red, the others blue), or, for a paid
 * order the seller has not started on, {@link PAID_BEING_PREPARED}; null for an order that
 * is not on its way (pending, failed, held, refunded without a step). "Completed" alone
 * read as "delivered" to shoppers; the spec's payment status stays where the spec names it
 * (the Details' payment status, the bill, the admin's list).
 *
 * @param state - The order's payment state (`paid`, `pending`…).
 * @param step - The latest fulfilment step, null before any.
 */
export function orderProgress(state: string, step: FulfilmentStep | null): StatusDisplay | null {
  if (step !== null) return { label: FULFILMENT_LABELS[step], color: step === 'delivered' ? 'green' : step === 'cancelled' ? 'red' : 'blue' };
  return state === 'paid' ? { label: PAID_BEING_PREPARED, color: 'blue' } : null;
}

/**
 * The steps an admin may set next on an order: only a paid order moves; forward only (steps
 * may be skipped, e.g. straight to shipped); cancelled until it is delivered; nothing after
 * delivered or cancelled.
 *
 * @param state - The order's payment state (`paid`, `pending`, `refunded`…).
 * @param current - The latest fulfilment step, null before any.
 * @returns The allowed next steps, in order.
 */
export function nextFulfilmentSteps(state: string, current: FulfilmentStep | null): FulfilmentStep[] {
  if (state !== 'paid' || current === 'delivered' || current === 'cancelled') return [];
  const after = current === null ? 0 : FORWARD.indexOf(current) + 1;
  return [...FORWARD.slice(after), 'cancelled'];
}

/** Whether a shipped step has what the shopper needs to track it. */
export function hasTracking(step: { status: string; courier?: string | null; trackingNumber?: string | null }): boolean {
  return step.status !== 'shipped' || (Boolean(step.courier?.trim()) && Boolean(step.trackingNumber?.trim()));
}
