import {
  addressChoices,
  chooseBilling,
  chooseShipping,
  EMPTY_SELECTION,
  followShippingForBilling,
  payableTotalPaise,
  reconcileSelection,
  rememberedSelection,
  rememberSelection,
  selectAdded,
  selectionOfPayment,
  type SelectableAddress,
  shippingBlockReason,
  shippingState,
  withOwnHold,
} from './checkout-rules.js';

const address = (id: string, addressType: SelectableAddress['addressType'], flags: Partial<SelectableAddress> = {}): SelectableAddress => ({
  id,
  addressType,
  isDefaultShipping: false,
  isDefaultBilling: false,
  ...flags,
});

const home = address('home', 'both');
const office = address('office', 'billing', { isDefaultBilling: true });
const warehouse = address('warehouse', 'shipping', { isDefaultShipping: true });
const book = [home, office, warehouse];

describe('address choices', () => {
  it('offer shipping or both for shipping, billing or both for billing', () => {
    expect(addressChoices(book, 'shipping').map((a) => a.id)).toEqual(['home', 'warehouse']);
    expect(addressChoices(book, 'billing').map((a) => a.id)).toEqual(['home', 'office']);
  });
});

describe('reconcileSelection', () => {
  it('defaults shipping and billing to the addresses flagged default', () => {
    expect(reconcileSelection(book, EMPTY_SELECTION, true)).toEqual({ shippingId: 'warehouse', billingId: 'office', billingSameAsShipping: false });
  });

  it('chooses nothing when no address is flagged default', () => {
    expect(reconcileSelection([home], EMPTY_SELECTION, true)).toBe(EMPTY_SELECTION);
  });

  it('keeps what the shopper chose over the defaults', () => {
    const chosen = { shippingId: 'home', billingId: 'home', billingSameAsShipping: false };
    expect(reconcileSelection(book, chosen, true)).toBe(chosen);
  });

  it('never takes a default of the wrong type', () => {
    const billingOnly = address('b', 'billing', { isDefaultShipping: true, isDefaultBilling: true });
    expect(reconcileSelection([billingOnly], EMPTY_SELECTION, true)).toEqual({ shippingId: null, billingId: 'b', billingSameAsShipping: false });
  });

  it('drops a choice whose address is gone, falling back to the default', () => {
    const chosen = { shippingId: 'gone', billingId: 'gone', billingSameAsShipping: false };
    expect(reconcileSelection(book, chosen, true)).toEqual({ shippingId: 'warehouse', billingId: 'office', billingSameAsShipping: false });
  });

  it('after the first look, leaves an emptied choice empty and drops a vanished one', () => {
    expect(reconcileSelection(book, { shippingId: 'warehouse', billingId: null, billingSameAsShipping: false }, false)).toEqual({
      shippingId: 'warehouse',
      billingId: null,
      billingSameAsShipping: false,
    });
    expect(reconcileSelection([office], { shippingId: 'warehouse', billingId: 'office', billingSameAsShipping: false }, false)).toEqual({
      shippingId: null,
      billingId: 'office',
      billingSameAsShipping: false,
    });
  });

  it('keeps billing equal to shipping while the box is ticked', () => {
    const same = { shippingId: 'warehouse', billingId: 'warehouse', billingSameAsShipping: true };
    expect(reconcileSelection(book, same, false)).toBe(same);
    expect(reconcileSelection(book, { ...same, shippingId: null, billingId: null }, true)).toEqual(same);
  });
});

describe('billing follows shipping', () => {
  const chosen = reconcileSelection(book, EMPTY_SELECTION, true);

  it('ticking makes billing equal shipping, and a new shipping choice moves billing with it', () => {
    const same = followShippingForBilling(chosen, true);
    expect(same).toEqual({ shippingId: 'warehouse', billingId: 'warehouse', billingSameAsShipping: true });
    expect(chooseShipping(same, 'home')).toEqual({ shippingId: 'home', billingId: 'home', billingSameAsShipping: true });
    expect(chooseBilling(same, 'office')).toBe(same);
  });

  it('unticking clears the billing choice', () => {
    expect(followShippingForBilling(followShippingForBilling(chosen, true), false)).toEqual({ shippingId: 'warehouse', billingId: null, billingSameAsShipping: false });
  });

  it('unticked, shipping and billing are chosen apart', () => {
    expect(chooseShipping(chosen, 'home')).toEqual({ shippingId: 'home', billingId: 'office', billingSameAsShipping: false });
    expect(chooseBilling(chosen, 'home')).toEqual({ shippingId: 'warehouse', billingId: 'home', billingSameAsShipping: false });
  });
});

describe('selectAdded', () => {
  it('chooses a new address for the side it was added for, and for an empty other side', () => {
    expect(selectAdded(EMPTY_SELECTION, home, 'shipping')).toEqual({ shippingId: 'home', billingId: 'home', billingSameAsShipping: false });
    const chosen = { shippingId: 'warehouse', billingId: 'office', billingSameAsShipping: false };
    expect(selectAdded(chosen, home, 'billing')).toEqual({ shippingId: 'warehouse', billingId: 'home', billingSameAsShipping: false });
    expect(selectAdded(chosen, home, 'shipping')).toEqual({ shippingId: 'home', billingId: 'office', billingSameAsShipping: false });
  });

  it('never chooses it for a side its type does not allow', () => {
    expect(selectAdded(EMPTY_SELECTION, warehouse, 'billing')).toEqual({ shippingId: 'warehouse', billingId: null, billingSameAsShipping: false });
    expect(selectAdded(EMPTY_SELECTION, office, 'shipping')).toEqual({ shippingId: null, billingId: 'office', billingSameAsShipping: false });
  });

  it('moves billing with shipping while the box is ticked', () => {
    const same = { shippingId: 'warehouse', billingId: 'warehouse', billingSameAsShipping: true };
    expect(selectAdded(same, home, 'shipping')).toEqual({ shippingId: 'home', billingId: 'home', billingSameAsShipping: true });
  });
});

describe('shipping and the payable total', () => {
  it('is unknown without an address, loading until quoted, then the quote', () => {
    expect(shippingState(false, { paise: 7500, failed: false })).toEqual({ status: 'unknown' });
    expect(shippingState(true, { paise: undefined, failed: false })).toEqual({ status: 'loading' });
    expect(shippingState(true, { paise: 15000, failed: false })).toEqual({ status: 'known', paise: 15000 });
  });

  it('keeps a failed quote failed: never 0, which is less than will be charged', () => {
    expect(shippingState(true, { paise: undefined, failed: true })).toEqual({ status: 'failed' });
  });

  it('adds shipping to the cart total and rounds to a whole rupee; no amount while the chosen address’s charge is not known', () => {
    expect(payableTotalPaise(61947, { status: 'known', paise: 7500 })).toBe(69400);
    expect(payableTotalPaise(61950, { status: 'known', paise: 15000 })).toBe(77000);
    expect(payableTotalPaise(61950, { status: 'unknown' })).toBe(62000);
    expect(payableTotalPaise(61949, { status: 'loading' })).toBeNull();
    expect(payableTotalPaise(61949, { status: 'failed' })).toBeNull();
  });

  it('has Pay wait while the charge is asked for or could not be had', () => {
    expect(shippingBlockReason({ status: 'failed' })).toBe('We could not calculate the shipping charge for this address. Try again in a moment.');
    expect(shippingBlockReason({ status: 'loading' })).toMatch(/being calculated/);
    expect(shippingBlockReason({ status: 'known', paise: 0 })).toBeNull();
    expect(shippingBlockReason({ status: 'unknown' })).toBeNull();
  });
});

describe('back from PhonePe (ADR 073)', () => {
  const payment = { shippingAddressId: 'office', billingAddressId: 'home', lines: [{ productId: 'fern', quantity: 2 }] };

  it('shows the addresses the waiting payment was started with', () => {
    expect(selectionOfPayment(payment)).toEqual({ shippingId: 'office', billingId: 'home', billingSameAsShipping: false });
    expect(selectionOfPayment({ ...payment, billingAddressId: 'office' })).toEqual({ shippingId: 'office', billingId: 'office', billingSameAsShipping: false });
  });

  it('adds what the shopper’s own payment holds back to their cart’s stock, and nothing else', () => {
    const line = (productId: string, stockQuantity: number) => ({ productId, quantity: 2, product: { stockQuantity } });
    const cart = { lines: [line('fern', 0), line('moss', 1), { productId: 'gone', quantity: 1, product: null }] };
    expect(withOwnHold(cart, payment).lines.map((l) => l.product?.stockQuantity ?? null)).toEqual([2, 1, null]);
    expect(withOwnHold(cart, null)).toBe(cart);
    expect(withOwnHold(cart, { ...payment, lines: [{ productId: 'other', quantity: 1 }] })).toBe(cart);
  });

  it('keeps the address choice per shopper in the tab, and reads nothing it did not write', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const choice = { shippingId: 'office', billingId: null, billingSameAsShipping: false };
    rememberSelection(storage, 'usr_1', choice);
    expect(rememberedSelection(storage, 'usr_1')).toEqual(choice);
    expect(rememberedSelection(storage, 'usr_2')).toBeNull();
    kept.set('jalaj:checkout-addresses:usr_3', '{"shippingId":7}');
    expect(rememberedSelection(storage, 'usr_3')).toBeNull();
    kept.set('jalaj:checkout-addresses:usr_4', 'not json');
    expect(rememberedSelection(storage, 'usr_4')).toBeNull();
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(() => rememberSelection(refusing, 'usr_1', choice)).not.toThrow();
    expect(rememberedSelection(refusing, 'usr_1')).toBeNull();
    expect(rememberedSelection(undefined, 'usr_1')).toBeNull();
  });
});
