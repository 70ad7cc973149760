import { canBillTo, canShipTo, DEFAULT_SHIPPING_PAISE, payableAmountPaise, SHIPPING_QUOTE_TEXTS } from '@jalaj/commerce';

/** What the address selector needs to know of a saved address. */
export interface SelectableAddress {
  readonly id: string;
  readonly addressType: 'shipping' | 'billing' | 'both';
  readonly isDefaultShipping: boolean;
  readonly isDefaultBilling: boolean;
}

/** The address selector's choices (spec §2 Address selector). */
export interface AddressSelection {
  readonly shippingId: string | null;
  readonly billingId: string | null;
  /** 'Use shipping address for billing' is ticked: billing follows shipping. */
  readonly billingSameAsShipping: boolean;
}

/** Nothing chosen yet. */
export const EMPTY_SELECTION: AddressSelection = Object.freeze({ shippingId: null, billingId: null, billingSameAsShipping: false });

/** Which side of the checkout an address is chosen for. */
export type AddressPurpose = 'shipping' | 'billing';

/**
 * The addresses offered for one side of the checkout, in the order given.
 *
 * @param addresses - The shopper's addresses.
 * @param purpose - Shipping or billing.
 */
export function addressChoices<A extends SelectableAddress>(addresses: readonly A[], purpose: AddressPurpose): A[] {
  return addresses.filter(purpose === 'shipping' ? canShipTo : canBillTo);
}

/**
 * The selection for the shopper's addresses as they are now: each choice that is still
 * offered stays, a vanished one is dropped, and billing that follows shipping stays equal
 * to shipping. On the first look at the addresses (`applyDefaults`), an empty choice takes
 * the address flagged default for it, when there is one (spec §2: "defaults to the address
 * flagged default … when none is preselected"); later, an emptied choice stays empty (an
 * unticked 'Use shipping address for billing' clears billing for good).
 *
 * @param addresses - The shopper's addresses.
 * @param selection - The current selection.
 * @param applyDefaults - Whether empty choices take the flagged defaults.
 * @returns The selection to show (the same object when nothing changed).
 */
export function reconcileSelection(addresses: readonly SelectableAddress[], selection: AddressSelection, applyDefaults: boolean): AddressSelection {
  const keep = (id: string | null, offered: (a: SelectableAddress) => boolean) =>
    id !== null && addresses.some((a) => a.id === id && offered(a)) ? id : null;
  const fallback = (flagged: (a: SelectableAddress) => boolean) => (applyDefaults ? (addresses.find(flagged)?.id ?? null) : null);
  const shippingId = keep(selection.shippingId, canShipTo) ?? fallback((a) => a.isDefaultShipping && canShipTo(a));
  const billingId = selection.billingSameAsShipping
    ? shippingId
    : (keep(selection.billingId, canBillTo) ?? fallback((a) => a.isDefaultBilling && canBillTo(a)));
  if (shippingId === selection.shippingId && billingId === selection.billingId) return selection;
  return { ...selection, shippingId, billingId };
}

/**
 * Chooses the shipping address; billing follows when 'Use shipping address for billing' is ticked.
 *
 * @param selection - The current selection.
 * @param id - The chosen address.
 */
export function chooseShipping(selection: AddressSelection, id: string): AddressSelection {
  return { ...selection, shippingId: id, billingId: selection.billingSameAsShipping ? id : selection.billingId };
}

/**
 * Chooses the billing address (offered only while billing does not follow shipping).
 *
 * @param selection - The current selection.
 * @param id - The chosen address.
 */
export function chooseBilling(selection: AddressSelection, id: string): AddressSelection {
  return selection.billingSameAsShipping ? selection : { ...selection, billingId: id };
}

/**
 * Ticks or unticks 'Use shipping address for billing': ticked, billing equals shipping;
 * unticked, the billing choice is cleared (spec §2).
 *
 * @param selection - The current selection.
 * @param same - Whether the box is ticked.
 */
export function followShippingForBilling(selection: AddressSelection, same: boolean): AddressSelection {
  return same ? { ...selection, billingSameAsShipping: true, billingId: selection.shippingId } : { ...selection, billingSameAsShipping: false, billingId: null };
}

/**
 * The selection after the shopper added an address from the checkout: it is chosen for the
 * side it was added for when it may be, and for the other side when that side has no
 * choice yet and it may be.
 *
 * @param selection - The current selection.
 * @param added - The new address.
 * @param purpose - The side whose "Add New Address" was pressed.
 */
export function selectAdded(selection: AddressSelection, added: SelectableAddress, purpose: AddressPurpose): AddressSelection {
  let next = selection;
  const ship = canShipTo(added) && (purpose === 'shipping' || next.shippingId === null);
  const bill = canBillTo(added) && !next.billingSameAsShipping && (purpose === 'billing' || next.billingId === null);
  if (ship) next = chooseShipping(next, added.id);
  if (bill) next = chooseBilling(next, added.id);
  return next;
}

/** The shipping charge as the checkout knows it. */
export type ShippingState =
  /** No shipping address chosen yet: 'Select address to calculate'. */
  | { readonly status: 'unknown' }
  /** The server's quote is on its way. */
  | { readonly status: 'loading' }
  /** The server's quote could not be had: the charge is not known, and Pay waits for it. */
  | { readonly status: 'failed' }
  /** The charge: the server's quote. */
  | { readonly status: 'known'; readonly paise: number };

/**
 * The shipping state from the quote's fetch.
 *
 * @param hasAddress - Whether a shipping address is chosen.
 * @param quote - The quote's fetch: its charge once answered, whether it failed.
 */
export function shippingState(hasAddress: boolean, quote: { readonly paise: number | undefined; readonly failed: boolean }): ShippingState {
  if (!hasAddress) return { status: 'unknown' };
  if (quote.paise !== undefined) return { status: 'known', paise: quote.paise };
  // Spec §8 made a failed quote 0, less than the order service charges: issue #38 says
  // never show a lower amount than will be charged (ADR 070).
  if (quote.failed) return { status: 'failed' };
  return { status: 'loading' };
}

/**
 * What the payment card shows as the amount to pay: the cart total plus the shipping
 * charge, rounded to a whole rupee (spec §5, §9). Before an address is chosen, the cart
 * total (the card says shipping is added then). Once one is chosen, nothing until its
 * charge is known: never an amount lower than will be charged.
 *
 * @param subtotalPaise - The cart total (the server's).
 * @param shipping - The shipping state.
 * @returns The amount, or null while the chosen address's charge is not known.
 */
export function payableTotalPaise(subtotalPaise: number, shipping: ShippingState): number | null {
  if (shipping.status === 'known') return payableAmountPaise(subtotalPaise, shipping.paise);
  if (shipping.status === 'unknown') return payableAmountPaise(subtotalPaise, DEFAULT_SHIPPING_PAISE);
  return null;
}

/**
 * Why Pay waits for the shipping charge, or null when it need not: the chosen address's
 * charge is being asked for, or could not be had. (Without an address, Pay answers with
 * the spec's 'Shipping address required'.)
 *
 * @param shipping - The shipping state.
 */
export function shippingBlockReason(shipping: ShippingState): string | null {
  if (shipping.status === 'failed') return SHIPPING_QUOTE_TEXTS.failedReason;
  if (shipping.status === 'loading') return SHIPPING_QUOTE_TEXTS.loadingReason;
  return null;
}

/** What the shopper's payment waiting at PhonePe chose and holds, as the rules below take it. */
export interface WaitingPayment {
  readonly shippingAddressId: string;
  readonly billingAddressId: string;
  /** Each plant's units it holds for the shopper. */
  readonly lines: readonly { readonly productId: string; readonly quantity: number }[];
}

/**
 * The address selection of a payment waiting at PhonePe: back from PhonePe, checkout shows
 * the addresses that payment was started with (each side chosen, as the defaults are).
 *
 * @param payment - The waiting payment.
 */
export function selectionOfPayment(payment: WaitingPayment): AddressSelection {
  return { shippingId: payment.shippingAddressId, billingId: payment.billingAddressId, billingSameAsShipping: false };
}

/**
 * A cart as its shopper may buy it: each line's stock with the units the shopper's own
 * waiting payment holds of that plant added back. Their own hold never makes their own
 * cart unavailable to them: paying again with a change replaces that payment, and its
 * stock comes back first (ADR 073).
 *
 * @param cart - The cart as the server has it (its stock is what is left after every hold).
 * @param payment - The shopper's payment waiting at PhonePe, or null.
 * @returns The same cart when nothing is held, else a copy with the stock adjusted.
 */
export function withOwnHold<C extends { readonly lines: readonly { readonly productId: string; readonly product: { readonly stockQuantity: number } | null }[] }>(
  cart: C,
  payment: WaitingPayment | null,
): C {
  if (!payment || payment.lines.length === 0) return cart;
  const held = new Map<string, number>();
  for (const l of payment.lines) held.set(l.productId, (held.get(l.productId) ?? 0) + l.quantity);
  if (!cart.lines.some((l) => l.product && held.has(l.productId))) return cart;
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.product && held.has(l.productId) ? { ...l, product: { ...l.product, stockQuantity: l.product.stockQuantity + held.get(l.productId)! } } : l)),
  };
}

/** Where a tab keeps the shopper's address choice: across the trip to PhonePe and back, and a reload. */
export const SELECTION_STORAGE_PREFIX = 'jalaj:checkout-addresses:';

/**
 * The address choice the shopper made in this tab, or null when none was kept (or the
 * storage cannot be read: private modes may refuse it).
 *
 * @param storage - The tab's `sessionStorage`.
 * @param userId - The signed-in shopper: another account in the same tab has its own.
 */
export function rememberedSelection(storage: Pick<Storage, 'getItem'> | undefined, userId: string): AddressSelection | null {
  try {
    const raw = storage?.getItem(SELECTION_STORAGE_PREFIX + userId);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Record<keyof AddressSelection, unknown>>;
    const id = (x: unknown) => (typeof x === 'string' && x.length > 0 && x.length <= 64 ? x : null);
    if (typeof v !== 'object' || v === null || typeof v.billingSameAsShipping !== 'boolean') return null;
    return { shippingId: id(v.shippingId), billingId: id(v.billingId), billingSameAsShipping: v.billingSameAsShipping };
  } catch {
    return null;
  }
}

/**
 * Keeps the shopper's address choice for this tab (nothing when the storage refuses).
 *
 * @param storage - The tab's `sessionStorage`.
 * @param userId - The signed-in shopper.
 * @param selection - Their choice.
 */
export function rememberSelection(storage: Pick<Storage, 'setItem'> | undefined, userId: string, selection: AddressSelection): void {
  try {
    storage?.setItem(SELECTION_STORAGE_PREFIX + userId, JSON.stringify(selection));
  } catch {
    // A full or refused storage only means the choice is not kept across a reload.
  }
}
