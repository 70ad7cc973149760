import { checkPaymentStart } from './checkout.js';

describe('checkPaymentStart', () => {
  const ready = {
    itemCount: 2,
    shippingAddressRequired: true,
    shippingAddressId: 'addr-1',
    billingAddressRequired: true,
    billingAddressId: 'addr-2',
  };

  it.each([
    [{}, { ok: true }],
    [{ shippingAddressRequired: false, shippingAddressId: null }, { ok: true }],
    [{ billingAddressRequired: false, billingAddressId: undefined }, { ok: true }],
    [
      { itemCount: 0 },
      {
        ok: false,
        code: 'CART_EMPTY',
        title: 'Cart is empty',
        message: 'Please add items to your cart before proceeding to payment',
      },
    ],
    [
      { shippingAddressId: null },
      {
        ok: false,
        code: 'SHIPPING_ADDRESS_REQUIRED',
        title: 'Shipping address required',
        message: 'Please select a shipping address before proceeding to payment',
      },
    ],
    [
      { billingAddressId: '' },
      {
        ok: false,
        code: 'BILLING_ADDRESS_REQUIRED',
        title: 'Billing address required',
        message: 'Please select a billing address before proceeding to payment',
      },
    ],
    [{ itemCount: 0, shippingAddressId: null, billingAddressId: null }, expect.objectContaining({ code: 'CART_EMPTY' })],
    [{ shippingAddressId: null, billingAddressId: null }, expect.objectContaining({ code: 'SHIPPING_ADDRESS_REQUIRED' })],
  ])('with %j → %j', (change, decision) => {
    expect(checkPaymentStart({ ...ready, ...change })).toEqual(decision);
  });
});
