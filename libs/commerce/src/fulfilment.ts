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
