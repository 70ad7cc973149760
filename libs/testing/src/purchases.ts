import { httpClient, newConfirmedShopper, type HttpCall } from './http-client.js';

/** A purchase started through the BFF: the shopper, and the order waiting at PhonePe. */
export interface StartedPurchase {
  orderId: string;
  merchantOrderId: string;
  amountPaise: number;
  email: string;
  token: string;
  /** The shopper's own client (their cookies). */
  call: HttpCall;
}

/**
 * A new confirmed shopper with a Kolkata address buys `quantity` of each of `productIds` the
 * way a shopper does (cart, Pay with PhonePe): the order is left waiting at PhonePe (the
 * sandbox), for the spec to settle through the control API.
 *
 * @param base - The BFF's address.
 */
export async function startPurchase(base: string, productIds: readonly string[], quantity = 1, name = 'buyer'): Promise<StartedPurchase> {
  const call = httpClient(base);
  const { token, email } = await newConfirmedShopper(call, name);
  const address = await call('POST', '/api/me/addresses', {
    token,
    body: { fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' },
  });
  if (address.status !== 201) throw new Error(`address: ${JSON.stringify(address.body)}`);
  for (const productId of productIds) {
    const added = await call('POST', '/api/cart/items', { token, body: { productId, quantity } });
    if (added.status !== 200) throw new Error(`cart: ${JSON.stringify(added.body)}`);
  }
  const pay = await call('POST', '/api/checkout/pay', { token, body: { shippingAddressId: address.body.id, billingAddressId: address.body.id } });
  if (pay.status !== 200) throw new Error(`pay: ${JSON.stringify(pay.body)}`);
  const started = pay.body as { orderId: string; merchantOrderId: string; amountPaise: number };
  return { orderId: started.orderId, merchantOrderId: started.merchantOrderId, amountPaise: started.amountPaise, email, token, call };
}
