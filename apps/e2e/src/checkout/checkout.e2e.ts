import { formatRupees as rupees, payableAmountPaise } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type Page, type Request, type Route, test } from '@playwright/test';
import { type AddressFields, products, signInDemoShopper, signUpShopper, toast } from '../support/shop.js';
import { addAddress, addToCart, billingGroup, KOLKATA, KOLKATA_RADIO, openAddressChoices, paymentCard, shippingGroup, summary } from '../support/checkout.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * Checkout in the storefront (issue #10): the address selector with its defaults, 'Use
 * shipping address for billing' and addresses added in place; the server's shipping quote
 * for a Kolkata PIN (₹75) and an Andaman PIN (₹150) and the payable total; the blocking
 * toasts of spec §5; the pay button's redirecting state, its one request per press and its
 * Idempotency-Key, and its toasts; the success, failure and pending pages.
 *
 * The pay call and the payment status are answered here by the test where it needs a
 * particular answer (a failure, a redirect, a payment PhonePe decides later), so these
 * specs hold with or without the order service; paying through the PhonePe sandbox end to
 * end is the payment spec's. Specs that change data sign up a shopper of their own.
 */


const ANDAMAN: AddressFields = {
  nickname: 'Island',
  type: 'Shipping',
  fullName: 'Ravi Kumar',
  phone: '9434012345',
  line1: '4 Aberdeen Bazaar',
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  postalCode: '744101',
};

const ANDAMAN_RADIO = 'Island: Ravi Kumar, Port Blair 744101';

const payButton = (page: Page) => page.getByRole('button', { name: 'Pay with PhonePe' });

/** The shop's answer about a paid order of the demo shopper, as `GET /api/payments/:id` gives it. */
const paidOutcome = {
  orderId: 'ord_01JD0000000000000000000000',
  merchantOrderId: 'MO1763800000000a1b2c3_7f3k',
  outcome: 'paid',
  state: 'paid',
  amountPaise: 78_500,
  transactionId: 'OM2511221015000012345',
  errorCode: null,
  errorMessage: null,
  expiresAt: '2026-11-22T10:30:00.000Z',
};
const failedOutcome = { ...paidOutcome, merchantOrderId: 'MO1763800000001f00000_9zzz', outcome: 'failed', state: 'failed', transactionId: 'OM2511221015000099999', errorCode: 'ZA', errorMessage: 'The payment was declined in the UPI app.' };

/** Has the shop answer this about the payment of `answer.merchantOrderId` (the pages' status check). */
const answerPayment = (page: Page, answer: { readonly merchantOrderId: string } & Record<string, unknown>) =>
  page.route(`**/api/payments/${answer.merchantOrderId}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }));
const sameAsShipping = (page: Page) => page.getByRole('checkbox', { name: 'Use shipping address for billing' });

/** Shows the spec's toast: its title and its text. */
async function expectToast(page: Page, title: string, text: string): Promise<void> {
  await expect(toast(page, title)).toBeVisible();
  await expect(toast(page, text)).toBeVisible();
}

/** The plant the checkout specs buy: any with a few in stock. */
async function aPlant(page: Page): Promise<Product> {
  const plant = (await products(page.request)).find((p) => p.stockQuantity >= 3);
  expect(plant, 'a plant in stock').toBeDefined();
  return plant!;
}

test.describe('checkout', () => {
  test('a shopper adds and picks addresses; shipping and the total follow the PIN code', async ({ page }) => {
    test.setTimeout(120_000);
    const plant = await aPlant(page);
    await signUpShopper(page, 'checkout');
    await addToCart(page, plant);
    const total = (shippingPaise: number) => rupees(payableAmountPaise(plant.pricePaise, shippingPaise));

    await test.step('checkout mode starts without an address: shipping is still to be calculated', async () => {
      await page.goto('/cart?checkout=true');
      await expect(page).toHaveTitle('Checkout — Jalaj');
      await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
      await expect(page.getByText('Ready to Checkout')).toBeVisible();
      await expect(page.getByText('No saved addresses yet')).toBeVisible();
      await expect(summary(page).getByText('Select address to calculate')).toBeVisible();
      await expect(paymentCard(page)).toContainText(total(0));
      await expect(paymentCard(page)).toContainText('1 item');
      await expect(payButton(page)).toBeEnabled();
    });

    await test.step('a Kolkata address added in place is chosen for both sides: ₹75.00 shipping', async () => {
      await addAddress(page, KOLKATA);
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(summary(page).getByText('₹75.00')).toBeVisible();
      await expect(paymentCard(page)).toContainText(total(7_500));
    });

    await test.step('an Andaman address (shipping only) becomes the shipping choice: ₹150.00, billing stays', async () => {
      await addAddress(page, ANDAMAN, shippingGroup(page));
      await expect(shippingGroup(page).getByRole('radio', { name: ANDAMAN_RADIO })).toBeChecked();
      // Its type is shipping only: never offered for billing.
      await expect(billingGroup(page).getByRole('radio', { name: ANDAMAN_RADIO })).toHaveCount(0);
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(summary(page).getByText('₹150.00')).toBeVisible();
      await expect(paymentCard(page)).toContainText(total(15_000));
    });

    await test.step('the arrow keys move the shipping choice, and the charge follows', async () => {
      const andaman = shippingGroup(page).getByRole('radio', { name: ANDAMAN_RADIO });
      await andaman.focus();
      // The newest address is listed first: the Kolkata one is next.
      await page.keyboard.press('ArrowDown');
      await expect(shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeFocused();
      await expect(summary(page).getByText('₹75.00')).toBeVisible();
      await expect(paymentCard(page)).toContainText(total(7_500));
    });

    await test.step("'Use shipping address for billing' makes billing equal shipping; unticking clears billing", async () => {
      await shippingGroup(page).getByRole('radio', { name: ANDAMAN_RADIO }).check();
      await sameAsShipping(page).check();
      await expect(billingGroup(page)).toHaveCount(0);
      await sameAsShipping(page).uncheck();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).not.toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { checked: true })).toHaveCount(0);
      await payButton(page).click();
      await expectToast(page, 'Billing address required', 'Please select a billing address before proceeding to payment');
    });

    await test.step('a reload keeps the choice the shopper made (issue #38)', async () => {
      await page.reload();
      await expect(shippingGroup(page).getByRole('radio', { name: ANDAMAN_RADIO })).toBeChecked();
      await expect(sameAsShipping(page)).not.toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { checked: true })).toHaveCount(0);
      await expect(summary(page).getByText('₹150.00')).toBeVisible();
    });

    await test.step('the addresses flagged default are chosen when checkout opens', async () => {
      // A tab of its own keeps no choice (session storage): checkout starts from the defaults.
      // The first address became the default for both; it is listed after the newer Andaman one.
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(summary(page).getByText('₹75.00')).toBeVisible();

      await page.goto('/addresses');
      await page.getByRole('article', { name: 'Island' }).getByRole('button', { name: 'Set as Default Shipping' }).click();
      await expect(toast(page, 'Default shipping address updated')).toBeVisible();
      await page.goto('/cart?checkout=true');
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: ANDAMAN_RADIO })).toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(summary(page).getByText('₹150.00')).toBeVisible();
      await expect(paymentCard(page)).toContainText(total(15_000));
    });
  });

  test('paying is blocked, with the spec’s toasts, without a shipping or billing address or with an empty cart', { tag: DESKTOP_ONLY }, async ({ page, context }) => {
    test.setTimeout(90_000);
    const plant = await aPlant(page);
    await signUpShopper(page, 'blocked');
    await addToCart(page, plant);
    const payRequests: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/checkout/pay') payRequests.push(r);
    });

    await page.goto('/cart?checkout=true');
    await payButton(page).click();
    await expectToast(page, 'Shipping address required', 'Please select a shipping address before proceeding to payment');

    await addAddress(page, KOLKATA);
    await sameAsShipping(page).check();
    await sameAsShipping(page).uncheck();
    await payButton(page).click();
    await expectToast(page, 'Billing address required', 'Please select a billing address before proceeding to payment');

    // The cart emptied in another tab: the pay button checks the cart as it is now.
    await sameAsShipping(page).check();
    const other = await context.newPage();
    await other.goto('/cart');
    await other.getByRole('button', { name: 'Clear Cart' }).click();
    await other.getByRole('alertdialog', { name: 'Clear Cart' }).getByRole('button', { name: 'Clear Cart' }).click();
    await expect(other.getByText('Your cart is empty')).toBeVisible();
    await other.close();

    await payButton(page).click();
    await expectToast(page, 'Cart is empty', 'Please add items to your cart before proceeding to payment');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    expect(payRequests, 'no payment was asked for').toHaveLength(0);
  });

  test('the pay button: one request per press, the redirecting state, the same key on a retry, its toasts and the redirect', { tag: DESKTOP_ONLY }, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const plant = await aPlant(page);
    await signUpShopper(page, 'pay');
    await addToCart(page, plant);
    await page.goto('/cart?checkout=true');
    await addAddress(page, KOLKATA);
    const addressId = await shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO }).getAttribute('value');
    expect(addressId).toBeTruthy();

    const seen: { key: string | null; body: unknown }[] = [];
    let answer: (route: Route) => Promise<void> = async () => undefined;
    await page.route('**/api/checkout/pay', async (route) => {
      seen.push({ key: await route.request().headerValue('Idempotency-Key'), body: route.request().postDataJSON() });
      await answer(route);
    });
    const problem = (status: number, code: string, data: object = {}) => (route: Route) =>
      route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify({ status, code, data }) });

    await test.step('a double click sends one attempt; the button reads Redirecting to PhonePe... until it fails', async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      // The shop unavailable (what the BFF answers while no order service listens): the client
      // tries three times, with one key.
      answer = async (route) => {
        await held;
        await problem(503, 'UNAVAILABLE')(route);
      };
      await payButton(page).dblclick();
      const redirecting = page.getByRole('button', { name: 'Redirecting to PhonePe...' });
      await expect(redirecting).toBeDisabled();
      release();
      await expectToast(page, 'Payment Error', 'Failed to initiate payment');
      await expect(payButton(page)).toBeEnabled();
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(new Set(seen.map((s) => s.key)).size, 'one Idempotency-Key for the whole attempt').toBe(1);
      expect(seen[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
      expect(seen[0]!.body).toEqual({ shippingAddressId: addressId, billingAddressId: addressId });
    });

    await test.step('pressed again after an unexplained failure, the same attempt is repeated with the same key', async () => {
      const firstKey = seen[0]!.key;
      seen.length = 0;
      answer = problem(502, 'PAYMENT_INIT_FAILED', { reason: 'PhonePe is not reachable' });
      await payButton(page).click();
      await expectToast(page, 'Payment Error', 'PhonePe is not reachable');
      expect(seen.map((s) => s.key)).toContain(firstKey);
      expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    });

    await test.step('after a decided failure a press is a new attempt; stock problems read with their texts', async () => {
      const previousKey = seen[0]!.key;
      seen.length = 0;
      answer = problem(409, 'INSUFFICIENT_STOCK', { productId: plant.id, available: 2, inCart: 0, productName: plant.name });
      await payButton(page).click();
      await expectToast(page, 'Insufficient Stock', `${plant.name}: Only 2 items available`);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.key).not.toBe(previousKey);
    });

    await test.step('a started payment sends the browser to its redirectUrl', async () => {
      await answerPayment(page, { ...paidOutcome, merchantOrderId: 'MOSTUB1_x' });
      const redirectUrl = new URL('/payment-success?transactionId=OMSTUB1&code=PAYMENT_SUCCESS&amount=785.00&orderId=MOSTUB1_x', baseURL).toString();
      answer = (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ orderId: 'ord_stub', merchantOrderId: 'MOSTUB1_x', redirectUrl, amountPaise: 78_500 }) });
      await payButton(page).click();
      await expect(page).toHaveURL(redirectUrl);
      await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
    });
  });

  test('a shipping quote that fails shows no lower amount: the charge could not be calculated, and Pay waits for it', async ({ page }) => {
    test.setTimeout(120_000);
    const plant = await aPlant(page);
    await signUpShopper(page, 'quote');
    await addToCart(page, plant);
    const payRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/checkout/pay') payRequests.push(r.url());
    });
    let quoteFails = true;
    await page.route('**/api/shipping-quote?*', (route) =>
      quoteFails
        ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, code: 'SERVICE_UNAVAILABLE', title: 'Error', message: 'Unavailable' }) })
        : route.fallback(),
    );

    await page.goto('/cart?checkout=true');
    await addAddress(page, KOLKATA);
    await expect(summary(page).getByText('Could not be calculated')).toBeVisible();
    // Neither the cart total alone nor it with ₹0 shipping: no amount until the charge is known.
    await expect(paymentCard(page)).not.toContainText(rupees(payableAmountPaise(plant.pricePaise, 0)));
    await expect(paymentCard(page).getByRole('definition').first()).toHaveText('To be calculated');
    await expect(paymentCard(page).getByText('We could not calculate the shipping charge for this address. Try again in a moment.')).toBeVisible();
    // The button says it waits (aria-disabled, with the reason) yet stays focusable: a press tells why.
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'true');
    await payButton(page).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Shipping not calculated', 'We could not calculate the shipping charge for this address. Try again in a moment.');
    expect(payRequests, 'Pay waits for the charge').toEqual([]);

    quoteFails = false;
    await summary(page).getByRole('button', { name: /^Try again/ }).click();
    await expect(summary(page).getByText('₹75.00')).toBeVisible();
    await expect(paymentCard(page)).toContainText(rupees(payableAmountPaise(plant.pricePaise, 7_500)));
    await expect(paymentCard(page).getByText(/could not calculate/)).toHaveCount(0);
    await expect(payButton(page)).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('the success page shows the shop’s answer for the order, with its toast once', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await signInDemoShopper(page);
    await answerPayment(page, paidOutcome);
    // The address's amount and transaction id are not the shop's: they are not shown.
    await page.goto(`/payment-success?transactionId=OMFORGED&code=PAYMENT_SUCCESS&amount=99999.00&orderId=${paidOutcome.merchantOrderId}`);
    await expect(page).toHaveTitle('Payment Successful! — Jalaj');
    const heading = page.getByRole('heading', { name: 'Payment Successful!', level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    const main = page.getByRole('main');
    await expect(main.getByRole('definition').filter({ hasText: 'OM2511221015000012345' })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: '₹785.00' }).first()).toBeVisible();
    await expect(main.getByRole('term').filter({ hasText: 'Amount Paid' })).toBeVisible();
    await expect(main.getByText(/OMFORGED|99,999/)).toHaveCount(0);
    const next = main.getByRole('region', { name: "What's Next?" });
    await expect(next.getByRole('listitem')).toHaveText([
      'You will receive an order confirmation email shortly.',
      'We will carefully pack your plants and process your order.',
      'Expected delivery in 3-5 business days.',
      'You can track your order in My Orders.',
    ]);
    await expectToast(page, 'Payment Successful!', 'Transaction ID: OM2511221015000012345');
    const notifications = page.getByRole('region', { name: 'Notifications' });
    // A re-render (the session settling, the menu) never shows it again.
    await expect(notifications.getByText('Payment Successful!', { exact: true })).toHaveCount(1);
    await expect(main.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/#plants');
    await main.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications.getByText('Payment Successful!', { exact: true })).toHaveCount(1);
  });

  test('the failure page shows the shop’s error and code for the order, the common issues and next steps', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await signInDemoShopper(page);
    await answerPayment(page, failedOutcome);
    await page.goto(`/payment-failed?transactionId=OMFORGED&error=${encodeURIComponent('Call +91 99999 00000 for a refund')}&code=XX&orderId=${failedOutcome.merchantOrderId}`);
    await expect(page).toHaveTitle('Payment Failed — Jalaj');
    const heading = page.getByRole('heading', { name: 'Payment Failed', level: 1 });
    await expect(heading).toBeFocused();
    const main = page.getByRole('main');
    await expect(main.getByText('The payment was declined in the UPI app.', { exact: true })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: /^ZA$/ })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: 'OM2511221015000099999' })).toBeVisible();
    await expect(main.getByText(/Call \+91|OMFORGED|^XX$/)).toHaveCount(0);
    await expect(main.getByRole('region', { name: 'Common issues' }).getByRole('listitem')).toHaveText([
      'Insufficient balance in your bank account',
      'Incorrect UPI PIN entered',
      'Payment declined by your bank',
      'Payment timed out before it was approved',
      'Temporary bank server issue',
    ]);
    const steps = main.getByRole('region', { name: 'What you can do' }).getByRole('listitem');
    await expect(steps.first()).toHaveText('Your cart is saved: nothing in it has changed.');
    await expect(steps).toHaveCount(4);
    await expect(main.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/#plants');
    await main.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('a result page without an order shows neither an outcome nor the words of its address', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await signInDemoShopper(page);
    for (const path of ['/payment-failed', '/payment-failed?error=Your%20account%20is%20blocked&code=ZA', '/payment-success?transactionId=X&amount=99999']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Payment not found', level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByText(/account is blocked|₹|^ZA$/)).toHaveCount(0);
    }
  });

  test('the pending page asks to sign in, names an unknown order, and moves on by itself once the payment settles', { tag: DESKTOP_ONLY }, async ({ page }) => {
    test.setTimeout(90_000);
    await test.step('signed out, it asks to sign in', async () => {
      await page.goto('/payment-pending?orderId=MO1763800000000a1b2c3_7f3k');
      await expect(page.getByRole('heading', { name: 'Please sign in to check your payment', level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    });

    await signInDemoShopper(page);

    await test.step('an order id the shop could not have made is unknown, with a link to the cart', async () => {
      await page.goto('/payment-pending?orderId=not%20an%20order!');
      await expect(page.getByRole('heading', { name: 'Payment not found', level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
    });

    await test.step('an order the shop does not know is unknown', async () => {
      await page.route('**/api/payments/MOUNKNOWN*', (route) =>
        route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'Not found' }) }),
      );
      await page.goto('/payment-pending?orderId=MOUNKNOWN1_zz');
      await expect(page.getByRole('heading', { name: 'Payment not found', level: 1 })).toBeVisible();
    });

    await test.step('pending, it keeps checking and moves on to the success page when the payment is paid', async () => {
      const merchantOrderId = 'MO1763800000000a1b2c3_7f3k';
      let checks = 0;
      await page.route(`**/api/payments/${merchantOrderId}`, (route) => {
        checks += 1;
        const answer = checks < 2 ? { ...paidOutcome, outcome: 'pending', state: 'pending', transactionId: null } : paidOutcome;
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
      });
      await page.goto(`/payment-pending?orderId=${merchantOrderId}`);
      await expect(page.getByRole('heading', { name: 'We are confirming your payment', level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Checking your payment...');
      // How long it may wait, and the way to the order meanwhile.
      await expect(page.getByRole('main')).toContainText('PhonePe may take until November 22, 2026');
      await expect(page.getByRole('main').getByRole('link', { name: 'View Order #00a1b2c3' })).toHaveAttribute('href', '/orders?order=ord_01JD0000000000000000000000');
      await expect(page).toHaveURL(/\/payment-success\?transactionId=OM2511221015000012345&code=PAYMENT_SUCCESS&amount=785\.00&orderId=MO1763800000000a1b2c3_7f3k$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
      expect(checks).toBeGreaterThanOrEqual(2);
    });

    await test.step('a failed payment moves on to the failure page with its error and code', async () => {
      const merchantOrderId = 'MO1763800000001f00000_9zzz';
      await answerPayment(page, { ...failedOutcome, merchantOrderId, transactionId: 'OMF1', errorMessage: 'Payment declined' });
      await page.goto(`/payment-pending?orderId=${merchantOrderId}`);
      await expect(page).toHaveURL(new RegExp(`/payment-failed\\?transactionId=OMF1&error=Payment\\+declined&code=ZA&orderId=${merchantOrderId}$`));
      await expect(page.getByRole('heading', { name: 'Payment Failed', level: 1 })).toBeVisible();
    });
  });
});
