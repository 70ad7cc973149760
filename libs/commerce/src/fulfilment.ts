import type { StatusDisplay } from './display.js';
import { isShippable } from './guarantee.js';
import { isSold } from './order-money.js';

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
 * How a fulfilment step reads on the admin screens and in the accountant's export, and the
 * Orders tab's filter values: `none` (or no step yet) 'Not started', `to-ship` 'Waiting to ship'.
 */
export function fulfilmentLabel(step: FulfilmentStep | 'none' | 'to-ship' | null): string {
  if (step === 'to-ship') return 'Waiting to ship';
  return step === null || step === 'none' ? 'Not started' : FULFILMENT_LABELS[step];
}

/** What a shopper reads of a paid order until the seller starts on it (issue #38). */
export const PAID_BEING_PREPARED = 'Paid — being prepared';

/** What a shopper reads of a guarantee replacement until the seller starts on it (issue #41). */
export const REPLACEMENT_BEING_PREPARED = 'Replacement — being prepared';

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
  if (state === 'replacement') return { label: REPLACEMENT_BEING_PREPARED, color: 'blue' };
  return isSold(state) ? { label: PAID_BEING_PREPARED, color: 'blue' } : null;
}

/**
 * The steps an admin may set next on an order: only an order shipped to its shopper moves (a
 * sale, paid or partly refunded: the rest is still to be delivered; or a guarantee
 * replacement, {@link isShippable}); forward only (steps
 * may be skipped, e.g. straight to shipped); cancelled until it is delivered; nothing after
 * delivered or cancelled.
 *
 * @param state - The order's payment state (`paid`, `pending`, `refunded`…).
 * @param current - The latest fulfilment step, null before any.
 * @returns The allowed next steps, in order.
 */
export function nextFulfilmentSteps(state: string, current: FulfilmentStep | null): FulfilmentStep[] {
  if (!isShippable(state) || current === 'delivered' || current === 'cancelled') return [];
  const after = current === null ? 0 : FORWARD.indexOf(current) + 1;
  return [...FORWARD.slice(after), 'cancelled'];
}

/** Whether a shipped step has what the shopper needs to track it. */
export function hasTracking(step: { status: string; courier?: string | null; trackingNumber?: string | null }): boolean {
  return step.status !== 'shipped' || (Boolean(step.courier?.trim()) && Boolean(step.trackingNumber?.trim()));
}

/** A courier's public tracking page: with the number in its address where the page takes it. */
export interface TrackingLink {
  /** The courier's name as the shop writes it. */
  readonly courier: string;
  readonly url: string;
  /** Whether the page opens on this shipment (else the shopper enters the number there). */
  readonly opensShipment: boolean;
}

type CourierPage = { readonly name: string; readonly page: (number: string) => string; readonly opensShipment: boolean };

/**
 * The couriers the shop ships with whose tracking pages it knows, by the courier's name
 * in lower case without spaces or punctuation (as an admin may type it).
 */
const COURIER_PAGES: Readonly<Record<string, CourierPage>> = (() => {
  const indiaPost: CourierPage = { name: 'India Post', page: () => 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx', opensShipment: false };
  const blueDart: CourierPage = {
    name: 'Blue Dart',
    page: (n) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${encodeURIComponent(n)}`,
    opensShipment: true,
  };
  return Object.freeze({
    indiapost: indiaPost,
    speedpost: indiaPost,
    delhivery: { name: 'Delhivery', page: (n) => `https://www.delhivery.com/track/package/${encodeURIComponent(n)}`, opensShipment: true },
    bluedart: blueDart,
    bluedartexpress: blueDart,
    dtdc: { name: 'DTDC', page: () => 'https://www.dtdc.com/track-your-shipment/', opensShipment: false },
    ecomexpress: { name: 'Ecom Express', page: (n) => `https://www.ecomexpress.in/tracking/?awb_field=${encodeURIComponent(n)}`, opensShipment: true },
    xpressbees: { name: 'Xpressbees', page: (n) => `https://www.xpressbees.com/shipment/tracking?awbNo=${encodeURIComponent(n)}`, opensShipment: true },
  });
})();

/**
 * Where a shopper can follow a shipment: the courier's tracking page (India Post,
 * Delhivery, Blue Dart, DTDC, Ecom Express, Xpressbees), opened on the shipment where the
 * page takes its number in the address; null for a courier whose page the shop does not know.
 *
 * @param courier - The courier as the admin entered it ("Blue Dart", "bluedart", "Speed Post"…).
 * @param trackingNumber - The shipment's tracking number.
 */
export function trackingLink(courier: string | null | undefined, trackingNumber: string | null | undefined): TrackingLink | null {
  const number = trackingNumber?.trim();
  const known = COURIER_PAGES[(courier ?? '').toLowerCase().replace(/[^a-z]/g, '')];
  if (!known || !number) return null;
  return { courier: known.name, url: known.page(number), opensShipment: known.opensShipment };
}
