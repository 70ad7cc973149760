import { shippingChargeOrDefaultPaise } from '@jalaj/commerce';
import { httpClient, newConfirmedShopper, startTestShop, TEST_ADMIN, type HttpCall, type TestShop } from '@jalaj/testing';

/**
 * Issue #41 through the BFF (real identity, catalog and BFF processes): Check delivery's
 * answer for a PIN code — the charge checkout will take and the delivery time, or the
 * spec's refusal — and the Notify Me routes: who may call them, what they refuse, and the
 * admin's count of waiting shoppers.
 */
describe('delivery by PIN and Notify Me through the BFF (real processes)', () => {
  let shop: TestShop;
  let call: HttpCall;
  let adminToken = '';

  beforeAll(async () => {
    shop = await startTestShop({ services: ['identity', 'catalog'] });
    call = httpClient(shop.base);
    adminToken = (await call('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).body.accessToken;
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

  describe('/api/me/stock-alerts', () => {
    it('lets a signed-in shopper wait for a sold-out plant, refuses one in stock, undoes, and shows the admin the count', async () => {
      const created = await call('POST', '/api/admin/products', { token: adminToken, body: { name: `Sold-out Riccia ${Date.now()}`, description: 'For the alerts spec', price: '60.00', stockQuantity: 0, category: 'foreground', imageUrls: [] } });
      expect(created.status).toBe(201);
      const soldOut = created.body;
      const inStock = (await call('GET', '/api/products')).body.items.find((p: { stockQuantity: number }) => p.stockQuantity > 0);
      const { token } = await newConfirmedShopper(call, 'alerts');

      expect((await call('GET', '/api/me/stock-alerts')).status).toBe(401);
      expect((await call('POST', '/api/me/stock-alerts', { body: { productId: soldOut.id } })).status).toBe(401);

      const set = await call('POST', '/api/me/stock-alerts', { token, body: { productId: soldOut.id } });
      expect(set).toMatchObject({ status: 201, body: { productIds: [soldOut.id] } });
      expect((await call('GET', '/api/me/stock-alerts', { token })).body).toEqual({ productIds: [soldOut.id] });

      const refused = await call('POST', '/api/me/stock-alerts', { token, body: { productId: inStock.id } });
      expect(refused).toMatchObject({ status: 409, body: { code: 'PRODUCT_IN_STOCK', message: 'This plant is in stock: you can add it to your cart now.' } });
      expect((await call('POST', '/api/me/stock-alerts', { token, body: { productId: 'prd_nothing' } })).status).toBe(404);
      expect((await call('POST', '/api/me/stock-alerts', { token, body: { productId: soldOut.id, userId: 'usr_other' } })).status).toBe(400);

      const page = await call('GET', `/api/admin/products?q=${encodeURIComponent(soldOut.name)}`, { token: adminToken });
      expect(page.body.alertsWaiting).toEqual({ [soldOut.id]: 1 });

      expect(await call('DELETE', `/api/me/stock-alerts/${soldOut.id}`, { token })).toMatchObject({ status: 200, body: { productIds: [] } });
      expect(await call('DELETE', `/api/me/stock-alerts/${soldOut.id}`, { token })).toMatchObject({ status: 200, body: { productIds: [] } });
      expect((await call('GET', `/api/admin/products?q=${encodeURIComponent(soldOut.name)}`, { token: adminToken })).body.alertsWaiting).toEqual({});
    });
  });
});
