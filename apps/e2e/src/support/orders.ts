import { randomUUID } from 'node:crypto';
import { formatRupees, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type APIRequestContext, type APIResponse, type Browser, type Page, type TestInfo } from '@playwright/test';
import { addAddress, addToCart, KOLKATA } from './checkout.js';
import { type AddressFields, products, signUpShopper } from './shop.js';
import { sandboxUrl } from './stack.js';

/** A plant with at least `n` in stock. */
export async function plantInStock(request: APIRequestContext, n = 3): Promise<Product> {
  const plant = (await products(request)).find((p) => p.stockQuantity >= n);
  expect(plant, 'a plant in stock').toBeDefined();
  return plant!;
}

/** A paid order as the success page tells it. */
export interface PlacedOrder {
  readonly plant: Product;
  /** The spec's transaction id (`MO…`), from the success page's query (`orderId`). */
  readonly transactionId: string;
  /** The paid amount as the shop shows it (`₹…`). */
  readonly payable: string;
}

/**
 * Buys one of a plant in the browser as the signed-in shopper, the way a shopper does: cart,
 * checkout, Pay with PhonePe, and Pay on the sandbox's page; ends on `/payment-success`.
 * Nothing is faked: the order service, catalog, cart and the PhonePe sandbox do the work.
 *
 * @param options.plant - The plant (default: one in stock).
 * @param options.addAddress - Add the Kolkata address first (default true: a new shopper has
 *   none); pass false for a later order, which starts on the default addresses.
 */
export async function placePaidOrder(page: Page, options: { plant?: Product; addAddress?: boolean } = {}): Promise<PlacedOrder> {
  const chosen = options.plant ?? (await plantInStock(page.request));
  await addToCart(page, chosen);
  await page.goto('/cart?checkout=true');
  const card = page.getByRole('region', { name: 'Payment' });
  const payable = formatRupees(payableAmountPaise(chosen.pricePaise, REGIONAL_SHIPPING_PAISE));
  if (options.addAddress ?? true) await addAddress(page, KOLKATA);
  await expect(card.getByText(payable)).toBeVisible();
  await card.getByRole('button', { name: 'Pay with PhonePe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/`));
  await page.getByRole('button', { name: `Pay ${payable}` }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  // The success page's `transactionId` is PhonePe's (OM…); the order's own id (MO…) is `orderId`.
  const transactionId = new URL(page.url()).searchParams.get('orderId')!;
  expect(transactionId).toMatch(/^MO/);
  return { plant: chosen, transactionId, payable };
}

/**
 * The same purchase as {@link placePaidOrder}, made over HTTP by the shopper signed in to
 * `request`'s browser context (its refresh cookie): the shop's own API calls the storefront
 * makes (cart, address, Pay with PhonePe), the sandbox's Pay form, and the return to the
 * shop, which has the order service decide the payment. Nothing is faked; only no page is
 * drawn. For the specs whose subject is what comes after the purchase (the admin's Orders
 * tab, its figures); the checkout, payment and shopper-orders specs buy through the pages.
 * With `reportedPaise`, PhonePe completes the payment for that amount instead (the sandbox's
 * control API) and the order is held for an admin (issue #42).
 */
export async function payThroughApi(request: APIRequestContext, options: { plant?: Product; addAddress?: boolean; shipTo?: AddressFields; reportedPaise?: number } = {}): Promise<PlacedOrder> {
  const plant = options.plant ?? (await plantInStock(request));
  const refreshed = await request.post('/api/auth/refresh');
  expect(refreshed.status(), 'a signed-in shopper').toBe(200);
  const headers = { authorization: `Bearer ${((await refreshed.json()) as { accessToken: string }).accessToken}` };
  const ok = async (what: string, reply: Promise<APIResponse>, status = 200): Promise<unknown> => {
    const r = await reply;
    expect(r.status(), `${what}: ${await r.text()}`).toBe(status);
    return r.json();
  };

  let addressId: string;
  if (options.addAddress ?? true) {
    const data = { nickname: KOLKATA.nickname, fullName: KOLKATA.fullName, phone: KOLKATA.phone, addressLine1: KOLKATA.line1, city: KOLKATA.city, state: KOLKATA.state, postalCode: KOLKATA.postalCode, addressType: 'both' };
    addressId = ((await ok('the address', request.post('/api/me/addresses', { headers, data }), 201)) as { id: string }).id;
  } else {
    addressId = ((await ok('the addresses', request.get('/api/me/addresses', { headers }))) as { items: { id: string }[] }).items[0].id;
  }
  // Another address to ship to (a gift): billed to the first, shipped to this one.
  let shippingAddressId = addressId;
  if (options.shipTo) {
    const a = options.shipTo;
    const data = { nickname: a.nickname, fullName: a.fullName, phone: a.phone, addressLine1: a.line1, addressLine2: a.line2, city: a.city, state: a.state, postalCode: a.postalCode, addressType: 'shipping' };
    shippingAddressId = ((await ok('the address to ship to', request.post('/api/me/addresses', { headers, data }), 201)) as { id: string }).id;
  }
  await ok('the cart', request.post('/api/cart/items', { headers, data: { productId: plant.id, quantity: 1 } }));
  // As the storefront pays: one Idempotency-Key, and the same request again when the shop
  // could not say in time whether it started (504 on a machine busy with a cold shop).
  const payKey = { ...headers, 'Idempotency-Key': randomUUID() };
  const pay = async () => {
    for (let attempt = 1; ; attempt++) {
      const r = await request.post('/api/checkout/pay', { headers: payKey, data: { shippingAddressId, billingAddressId: addressId } });
      if (r.status() !== 504 || attempt === 3) return r;
    }
  };
  const started = (await ok('Pay with PhonePe', pay())) as {
    merchantOrderId: string;
    redirectUrl: string;
    amountPaise: number;
  };
  expect(started.amountPaise).toBe(payableAmountPaise(plant.pricePaise, REGIONAL_SHIPPING_PAISE));

  if (options.reportedPaise !== undefined) {
    // PhonePe completes the payment for another amount (the sandbox's control API): the shop holds the order for an admin.
    const settled = await request.post(`${sandboxUrl()}/_sandbox/orders/${started.merchantOrderId}/settle`, { data: { state: 'COMPLETED', reportedAmount: options.reportedPaise, webhook: 'send' } });
    expect(settled.status(), 'the sandbox reports another amount').toBe(200);
    const back = await request.get(`/api/payments/phonepe/return/${started.merchantOrderId}`, { maxRedirects: 0 });
    expect(new URL(back.headers().location!, 'http://shop').searchParams.get('code'), 'the shop holds the order').toBe('AMOUNT_MISMATCH');
    return { plant, transactionId: started.merchantOrderId, payable: formatRupees(started.amountPaise) };
  }
  // The sandbox's page posts the shopper's choice and sends the browser back to the shop.
  const paid = await request.post(started.redirectUrl, { form: { outcome: 'COMPLETED' }, maxRedirects: 0 });
  expect(paid.status(), 'the sandbox takes the payment').toBe(303);
  const returned = await request.get(paid.headers().location!, { maxRedirects: 0 });
  expect(new URL(returned.headers().location!, 'http://shop').pathname, 'the shop decides the payment on the return').toBe('/payment-success');
  // The paid order empties the cart (an event from the order service): a next purchase
  // starts on an empty cart, as the shopper's next visit would.
  await expect
    .poll(async () => ((await ok('the cart', request.get('/api/cart', { headers }))) as { itemCount: number }).itemCount, { message: 'the paid order empties the cart', timeout: 15_000 })
    .toBe(0);
  return { plant, transactionId: started.merchantOrderId, payable: formatRupees(started.amountPaise) };
}

/** A shopper in a browser context of their own pays for a plant: an order today, waiting to ship (for the admin's figures and sales). */
export async function paidOrderToday(browser: Browser, testInfo: TestInfo): Promise<void> {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const page = await context.newPage();
    await signUpShopper(page, 'figures');
    await payThroughApi(page.request);
  } finally {
    await context.close();
  }
}
