import { eventually } from './eventually.js';
import { newConfirmedShopper, type HttpCall } from './http-client.js';
import type { SandboxControl } from './phonepe-sandbox.js';

/** What a checkout through `/api/checkout/pay` answered. */
export interface StartedCheckout {
  readonly orderId: string;
  readonly merchantOrderId: string;
  readonly amountPaise: number;
}

/** A confirmed shopper with a Kolkata address, who buys one plant at a time through the BFF. */
export interface Buyer {
  readonly token: string;
  readonly email: string;
  /** Puts `quantity` of the plant in the cart and starts paying it (the order waits for PhonePe). */
  checkout(productId: string, quantity: number): Promise<StartedCheckout>;
  /**
   * PhonePe reports the payment (no webhook) and the shopper's return has the order service
   * decide it. A paid order then leaves the cart, as the success page waits for it to: the
   * cart hears of the payment by an event, and a plant added before that would be taken out
   * with the bought ones (a CI run of 2026-11-24: the next payment found the cart empty).
   */
  settle(merchantOrderId: string, state: 'COMPLETED' | 'FAILED'): Promise<void>;
}

/**
 * A new buyer of a test shop: signed up and confirmed, with one address for shipping and
 * billing (700016, Kolkata).
 *
 * @param call - The BFF's client.
 * @param base - The BFF's address (PhonePe's return redirects relative to it).
 * @param phonepe - The shop's PhonePe sandbox.
 * @param name - Goes into the email and the name.
 */
export async function newBuyer(call: HttpCall, base: string, phonepe: SandboxControl, name: string): Promise<Buyer> {
  const { token, email } = await newConfirmedShopper(call, name);
  const address = await call('POST', '/api/me/addresses', {
    token,
    body: { fullName: 'Ananya Sen', phone: '9830012345', addressLine1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', addressType: 'both' },
  });
  if (address.status !== 201) throw new Error(`address: ${JSON.stringify(address.body)}`);
  const addressId = address.body.id as string;
  return {
    token,
    email,
    async checkout(productId, quantity) {
      const added = await call('POST', '/api/cart/items', { token, body: { productId, quantity } });
      if (added.status !== 200) throw new Error(`cart: ${JSON.stringify(added.body)}`);
      const r = await call('POST', '/api/checkout/pay', { token, body: { shippingAddressId: addressId, billingAddressId: addressId } });
      if (r.status !== 200) throw new Error(`pay: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as StartedCheckout;
    },
    async settle(merchantOrderId, state) {
      await phonepe.settle(merchantOrderId, state === 'COMPLETED' ? { state, webhook: 'drop' } : { state, errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA', webhook: 'drop' });
      const location = (await call('GET', `/api/payments/phonepe/return/${merchantOrderId}`)).location!;
      const landed = new URL(location, base).pathname;
      const expected = state === 'COMPLETED' ? '/payment-success' : '/payment-failed';
      if (landed !== expected) throw new Error(`settle ${state}: PhonePe's return went to ${landed}, not ${expected}`);
      if (state === 'COMPLETED') await eventually(() => call('GET', '/api/cart', { token }), (r) => r.status === 200 && (r.body.lines as unknown[]).length === 0);
    },
  };
}
