import { shopDay, shopDayWindow } from './shop-day.js';

/**
 * The 30-day guarantee as replacement orders (issue #41, docs/adr/078-guarantee-claims-as-replacement-orders.md):
 * when a shopper may claim it, for which plants and how many, and the words the screens and
 * the admin show. No money moves: an approved claim is a replacement order at ₹0, so the
 * refund policy 'No return no refund.' stays true.
 */

/** How many India days after delivery (or shipping, when never marked delivered) a claim may be made. */
export const GUARANTEE_DAYS = 30;

/** The photos a claim carries: at least one, at most four (JPEG, PNG or WebP, 5 MB each, as product images). */
export const MIN_CLAIM_PHOTOS = 1;
export const MAX_CLAIM_PHOTOS = 4;

/** The longest description of what happened. */
export const CLAIM_DESCRIPTION_MAX = 2000;

/**
 * Where a claim stands: waiting for an admin, approved (a replacement order was made) or
 * declined (with the admin's reason). Mirrors the contracts' `CLAIM_STATES`.
 */
export const CLAIM_STATES = Object.freeze(['pending', 'approved', 'declined'] as const);
export type ClaimState = (typeof CLAIM_STATES)[number];

/** A fulfilment step as the rule reads it: its status and when it was set. */
export interface GuaranteeStep {
  readonly status: string;
  readonly at: string | Date;
}

/** An earlier claim of the order as the rule reads it. */
export interface EarlierClaim {
  readonly state: ClaimState;
  readonly lines: readonly { readonly productId: string; readonly quantity: number }[];
}

/** An order as the guarantee reads it: whether it was shipped to the shopper, its steps, its lines and earlier claims. */
export interface GuaranteeOrder {
  /** The payment state (a sale or a replacement may be claimed; see {@link isShippable}). */
  readonly state: string;
  /** The latest fulfilment step, null before any. */
  readonly fulfilmentStatus: string | null;
  readonly fulfilment: readonly GuaranteeStep[];
  readonly lines: readonly { readonly productId: string; readonly productName: string; readonly quantity: number }[];
  readonly claims: readonly EarlierClaim[];
}

/**
 * The payment states of an order that goes to the shopper and takes the fulfilment steps: a
 * sale (paid, or partly refunded) and a replacement order of an approved claim, which has
 * no payment. Mirrors the contracts' states (commerce may not import them, ADR 013).
 */
export const SHIPPABLE_STATES = Object.freeze(['paid', 'partly_refunded', 'replacement'] as const);

/** Whether an order in `state` is shipped to its shopper (a sale or a replacement). */
export function isShippable(state: string): boolean {
  return (SHIPPABLE_STATES as readonly string[]).includes(state);
}

const time = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);

/**
 * When the guarantee's days started: the order's delivery, or its shipping when the seller
 * never marked it delivered; null while it has not shipped, once it was cancelled, and for an
 * order that is not shipped to anyone (unpaid, failed, refunded in whole).
 */
export function guaranteeStart(order: Pick<GuaranteeOrder, 'state' | 'fulfilmentStatus' | 'fulfilment'>): Date | null {
  if (!isShippable(order.state) || order.fulfilmentStatus === 'cancelled') return null;
  const last = (status: string) => order.fulfilment.filter((s) => s.status === status).at(-1);
  const step = last('delivered') ?? last('shipped');
  return step ? time(step.at) : null;
}

/**
 * The last India day a claim may be made: the {@link GUARANTEE_DAYS}th day after the day it
 * started (delivered on 1 November, India time: claims through 1 December, 23:59:59).
 *
 * @param start - {@link guaranteeStart}.
 * @returns `YYYY-MM-DD`.
 */
export function guaranteeLastDay(start: Date): string {
  const { start: dayStart } = shopDayWindow(shopDay(start));
  return shopDay(new Date(dayStart.getTime() + GUARANTEE_DAYS * 86_400_000));
}

/**
 * Whether the guarantee of an order can be claimed at `now`: it was delivered (or shipped)
 * and today, India time, is not after its last day.
 */
export function guaranteeOpen(order: Pick<GuaranteeOrder, 'state' | 'fulfilmentStatus' | 'fulfilment'>, now: Date = new Date()): boolean {
  const start = guaranteeStart(order);
  return start !== null && shopDay(now) <= guaranteeLastDay(start);
}

/**
 * How many of each plant of the order may still be claimed: what was bought less what
 * earlier claims cover (waiting or approved; a declined claim covers nothing), and 0 for a
 * plant a claim is waiting on (one claim per plant line at a time).
 *
 * @returns By product id, in the order's line order.
 */
export function claimableQuantities(order: Pick<GuaranteeOrder, 'lines' | 'claims'>): Map<string, number> {
  const claimed = claimedQuantities(order.claims);
  return new Map(order.lines.map((l) => [l.productId, claimed.get(l.productId)?.state === 'pending' ? 0 : Math.max(l.quantity - (claimed.get(l.productId)?.quantity ?? 0), 0)]));
}

/**
 * What claims cover of each plant: how many (waiting or approved claims; a declined one covers
 * nothing) and where its latest claim stands (the CSV export's columns).
 *
 * @param claims - The order's claims, oldest first.
 * @returns By product id; a plant no claim named is absent.
 */
export function claimedQuantities(claims: readonly EarlierClaim[]): Map<string, { quantity: number; state: ClaimState }> {
  const claimed = new Map<string, { quantity: number; state: ClaimState }>();
  for (const claim of claims) {
    for (const l of claim.lines) {
      const before = claimed.get(l.productId)?.quantity ?? 0;
      claimed.set(l.productId, { quantity: before + (claim.state === 'declined' ? 0 : l.quantity), state: claim.state });
    }
  }
  return claimed;
}

/** Whether the order has a claim waiting for an admin. */
export function hasClaimWaiting(order: Pick<GuaranteeOrder, 'claims'>): boolean {
  return order.claims.some((c) => c.state === 'pending');
}

/** Whether the shopper may start a claim now: the guarantee is open and some plant can still be claimed. */
export function canClaimGuarantee(order: GuaranteeOrder, now: Date = new Date()): boolean {
  return guaranteeOpen(order, now) && [...claimableQuantities(order).values()].some((n) => n > 0);
}

/** Why a claim is refused, as a code of the contracts' error list and its data. */
export type ClaimRefusal =
  | { readonly code: 'CLAIM_WINDOW_CLOSED'; readonly data: { readonly lastDay: string | null } }
  | { readonly code: 'CLAIM_LINE_UNDER_REVIEW'; readonly data: { readonly productId: string; readonly productName: string } }
  | { readonly code: 'CLAIM_QUANTITY_INVALID'; readonly data: { readonly productId: string; readonly productName: string | null; readonly max: number } };

/**
 * Whether a claim of `lines` may be made on `order` at `now`; null when it may. The window
 * first (a closed one says when it closed), then each line: a plant of the order, claimed
 * once in the request, not under review in another claim, and at most what is left to
 * claim of it ({@link claimableQuantities}).
 */
export function claimRefusal(order: GuaranteeOrder, lines: readonly { productId: string; quantity: number }[], now: Date = new Date()): ClaimRefusal | null {
  const start = guaranteeStart(order);
  if (!start || shopDay(now) > guaranteeLastDay(start)) return { code: 'CLAIM_WINDOW_CLOSED', data: { lastDay: start ? guaranteeLastDay(start) : null } };
  const left = claimableQuantities(order);
  const seen = new Set<string>();
  for (const line of lines) {
    const bought = order.lines.find((l) => l.productId === line.productId);
    if (!bought || seen.has(line.productId)) return { code: 'CLAIM_QUANTITY_INVALID', data: { productId: line.productId, productName: null, max: 0 } };
    seen.add(line.productId);
    if (order.claims.some((c) => c.state === 'pending' && c.lines.some((l) => l.productId === line.productId))) {
      return { code: 'CLAIM_LINE_UNDER_REVIEW', data: { productId: line.productId, productName: bought.productName } };
    }
    const max = left.get(line.productId) ?? 0;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > max) return { code: 'CLAIM_QUANTITY_INVALID', data: { productId: line.productId, productName: bought.productName, max } };
  }
  return null;
}

/** The words of the guarantee on the shopper's and the admin's screens and in the toasts. */
export const GUARANTEE_MESSAGES = Object.freeze({
  claim: 'Claim Guarantee',
  dialogTitle: 'Claim the 30-day guarantee',
  intro: 'Tell us which plants did not make it. If we approve the claim, we send replacements at no cost: no return, no refund.',
  whatHappened: 'What happened',
  photos: 'Photos',
  photosHint: `One to ${MAX_CLAIM_PHOTOS} photos of the plants (JPG, PNG or WebP, 5 MB each).`,
  send: 'Send claim',
  underReview: 'Guarantee claim: under review',
  approved: 'Guarantee claim: approved',
  declined: 'Guarantee claim: declined',
  filedTitle: 'Claim sent',
  filedText: 'We will review your claim and email you our decision.',
  errorTitle: 'Guarantee claim',
  approve: 'Approve',
  decline: 'Decline',
  approvedTitle: 'Claim approved',
  declinedTitle: 'Claim declined',
  declinedText: 'The shopper is told why by email.',
  waitingFigure: 'Claims waiting',
  waitingFilter: 'Claim waiting',
  replacementBadge: 'Replacement',
  replacementPayment: 'No payment: a guarantee replacement',
  alreadyDecided: 'This claim has been decided already.',
  notFound: 'No such guarantee claim.',
  descriptionRequired: 'Please describe what happened.',
  photosRequired: `Please add one to ${MAX_CLAIM_PHOTOS} photos.`,
  linesRequired: 'Please choose at least one plant.',
});

/** The badge of a claim on the order: 'Guarantee claim: under review' (the words), approved or declined. */
export function claimStatusText(state: ClaimState): string {
  return state === 'pending' ? GUARANTEE_MESSAGES.underReview : state === 'approved' ? GUARANTEE_MESSAGES.approved : GUARANTEE_MESSAGES.declined;
}

/** A closed window in words: when it ended, or that it starts with the delivery. */
export function claimWindowClosedText(lastDay: string | null): string {
  if (!lastDay) return 'The 30-day guarantee starts when the order is shipped or delivered.';
  return `The 30-day guarantee of this order ended on ${lastDay}.`;
}

/** A refused quantity in words: how many of the plant may still be claimed. */
export function claimQuantityText(productName: string | null, max: number): string {
  if (!productName) return 'Choose plants of this order, each once.';
  return max > 0 ? `You can claim at most ${max} of ${productName}.` : `${productName} cannot be claimed again.`;
}

/** The note a replacement order's bill and screens carry: it replaces another order, at ₹0. */
export function replacementNote(originalOrderNumber: string): string {
  return `Replacement of order #${originalOrderNumber} under the 30-day guarantee: no charge.`;
}

/** The approval notice: the replacement order's number. */
export function claimApprovedText(replacementOrderNumber: string): string {
  return `Replacement order #${replacementOrderNumber} created; it is ready for the fulfilment steps.`;
}
