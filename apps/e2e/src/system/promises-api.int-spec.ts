import { shippingChargeOrDefaultPaise } from '@jalaj/commerce';
import { httpClient, startTestShop, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * Issue #41 through the BFF (real identity, catalog and BFF processes): Check delivery's
 * answer for a PIN code: the charge checkout will take and the delivery time, or the
 * spec's refusal.
 */
describe('delivery by PIN through the BFF (real processes)', () => {
  let shop: TestShop;
  let call: HttpCall;

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog'] });
    call = httpClient(shop.base);
  }, 120000);

  afterAll(async () => {
    await shop?.stop();
  });

  describe('GET /api/shipping-quote', () => {
    it.each([
      ['700016', 7500],
      ['744101', 15000],
      ['110001', 15000],
      ['749999', 7500],
    ])('answers %s with the charge checkout takes there and the delivery time', async (postalCode, paise) => {
      const r = await call('GET', `/api/shipping-quote?postalCode=${postalCode}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ postalCode, shippingPaise: paise, estimate: '3-5 business days' });
      // The order service prices a checkout's shipping with this function (checkout-pricing.ts).
      expect(r.body.shippingPaise).toBe(shippingChargeOrDefaultPaise(postalCode));
    });

    it('takes a code with spaces around it as the code', async () => {
      const r = await call('GET', `/api/shipping-quote?postalCode=${encodeURIComponent(' 700016 ')}`);
      expect(r.body).toEqual({ postalCode: '700016', shippingPaise: 7500, estimate: '3-5 business days' });
    });

    it.each(['70001', '7000160', 'abcdef', '७०००१६', ''])('refuses %j with a 400 and the spec text', async (postalCode) => {
      const r = await call('GET', `/api/shipping-quote?postalCode=${encodeURIComponent(postalCode)}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_POSTAL_CODE', message: 'Invalid postal code. Must be 6 digits.' });
    });

    it('refuses a request without a code as invalid, never a 500', async () => {
      const r = await call('GET', '/api/shipping-quote');
      expect(r.status).toBe(400);
    });
  });

});
