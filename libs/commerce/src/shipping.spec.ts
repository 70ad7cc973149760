import fc from 'fast-check';
import {
  DEFAULT_SHIPPING_PAISE,
  EXPECTED_DELIVERY_TEXT,
  deliveryQuote,
  deliveryQuoteText,
  formatShortRupees,
  INVALID_POSTAL_CODE_MESSAGE,
  REGIONAL_SHIPPING_PAISE,
  SHIPPING_PENDING_TEXT,
  STANDARD_SHIPPING_PAISE,
  shippingChargeOrDefaultPaise,
  shippingChargePaise,
} from './shipping.js';

describe('shippingChargePaise', () => {
  it('uses the spec amounts', () => {
    expect(REGIONAL_SHIPPING_PAISE).toBe(7500);
    expect(STANDARD_SHIPPING_PAISE).toBe(15000);
    expect(DEFAULT_SHIPPING_PAISE).toBe(0);
    expect(INVALID_POSTAL_CODE_MESSAGE).toBe('Invalid postal code. Must be 6 digits.');
    expect(SHIPPING_PENDING_TEXT).toBe('Select address to calculate');
  });

  it.each([
    ['100000', 15000],
    ['110001', 15000],
    ['699999', 15000],
    ['700000', 7500],
    ['700001', 7500],
    ['711101', 7500],
    ['743999', 7500],
    ['744000', 15000],
    ['744101', 15000],
    ['744999', 15000],
    ['745000', 7500],
    ['749999', 7500],
    ['750000', 15000],
    ['751001', 15000],
    ['999999', 15000],
    ['000000', 15000],
  ])('postal code %s costs %d paise', (postalCode, paise) => {
    expect(shippingChargePaise(postalCode)).toEqual({ ok: true, paise });
  });

  it.each([
    [''],
    ['70000'],
    ['7000001'],
    ['70000a'],
    [' 700001'],
    ['700001 '],
    ['700 001'],
    ['७००००१'],
    ['+70000'],
    ['-70000'],
    ['7e5000'],
    ['70000.'],
    [700001 as unknown as string],
    [null as unknown as string],
  ])('refuses %p', (postalCode) => {
    expect(shippingChargePaise(postalCode)).toEqual({ ok: false, message: 'Invalid postal code. Must be 6 digits.' });
  });

  it('charges ₹75 or ₹150 for every six-digit code, ₹75 only in 700000–749999 outside 744xxx', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const result = shippingChargePaise(String(n).padStart(6, '0'));
        const regional = n >= 700_000 && n <= 749_999 && !(n >= 744_000 && n <= 744_999);
        expect(result).toEqual({ ok: true, paise: regional ? 7500 : 15000 });
      }),
    );
  });
});

describe('shippingChargeOrDefaultPaise', () => {
  it.each([
    ['700001', 7500],
    ['744101', 15000],
    ['12345', 0],
    [null, 0],
    [undefined, 0],
  ])('%p → %d', (postalCode, paise) => {
    expect(shippingChargeOrDefaultPaise(postalCode)).toBe(paise);
  });
});

describe('deliveryQuote', () => {
  it('answers the checkout charge and the promised time for a PIN code, in the product page sentence', () => {
    const kolkata = deliveryQuote('700016');
    expect(kolkata).toEqual({ ok: true, postalCode: '700016', shippingPaise: REGIONAL_SHIPPING_PAISE, estimate: '3-5 business days' });
    expect(kolkata.ok && deliveryQuoteText(kolkata)).toBe('Delivery to 700016: ₹75 shipping, 3-5 business days');
    const andamans = deliveryQuote(' 744101 ');
    expect(andamans.ok && deliveryQuoteText(andamans)).toBe('Delivery to 744101: ₹150 shipping, 3-5 business days');
    const delhi = deliveryQuote('110001');
    expect(delhi.ok && delhi.shippingPaise).toBe(STANDARD_SHIPPING_PAISE);
  });

  it('charges what checkout charges for every six-digit code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const pin = String(n).padStart(6, '0');
        const quote = deliveryQuote(pin);
        return quote.ok && quote.shippingPaise === shippingChargeOrDefaultPaise(pin) && quote.estimate === EXPECTED_DELIVERY_TEXT;
      }),
    );
  });

  it.each(['', '70001', '7000160', '70001a', '700 16', '७०००१६'])('refuses %j with the spec text', (pin) => {
    expect(deliveryQuote(pin)).toEqual({ ok: false, message: 'Invalid postal code. Must be 6 digits.' });
  });

  it('shows whole rupees without paise, and paise when there are some', () => {
    expect(formatShortRupees(7500)).toBe('₹75');
    expect(formatShortRupees(15000)).toBe('₹150');
    expect(formatShortRupees(7550)).toBe('₹75.50');
    expect(formatShortRupees(0)).toBe('₹0');
  });
});
