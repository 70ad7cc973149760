import { expect, test } from '@playwright/test';
import { violations } from '../support/a11y.js';
import { fillAddress, products, signInAsAdmin, signUpShopper, toast } from '../support/shop.js';

/**
 * Accessibility of the main screens, checked by axe-core in the real browser: no
 * serious or critical WCAG 2.1 A/AA violations, at desktop and phone sizes.
 */
test.describe('accessibility', () => {
  test('the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#plants').getByRole('article').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('a product page', async ({ page, request }) => {
    const { items } = await (await request.get('/api/products')).json();
    await page.goto(`/product/${items[0].id}`);
    await expect(page.getByRole('heading', { name: items[0].name })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the sign-in screen and the signed-out cart', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto('/cart');
    await expect(page.getByText('Please sign in to view your cart')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the admin login', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Sign In as Admin' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('a signed-in shopper’s account, addresses, cart and orders', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('shopper@jalaj.shop');
    await page.getByLabel('Password').fill('jalaj-shopper-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    for (const [path, text] of [
      ['/profile', 'My Account'],
      ['/addresses', 'My Addresses'],
      ['/cart', 'Shopping Cart'],
      ['/orders', 'My Orders'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: text }).first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
  });

  test('checkout and the payment pages', async ({ page }) => {
    test.setTimeout(90_000);
    const plant = (await products(page.request)).find((p) => p.stockQuantity >= 3)!;
    await signUpShopper(page, 'a11y');
    await page.goto(`/product/${plant.id}`);
    await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
    await expect(toast(page, '1 item successfully added to your cart')).toBeVisible();

    await page.goto('/cart?checkout=true');
    await expect(page.getByText('No saved addresses yet')).toBeVisible();
    expect(await violations(page), 'checkout without addresses').toEqual([]);

    await page.getByRole('main').getByRole('button', { name: 'Add New Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Address' });
    await fillAddress(dialog, { fullName: 'Ananya Sen', phone: '9830012345', line1: '12 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016' });
    await dialog.getByRole('button', { name: 'Add Address' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Order Summary' }).getByText('₹75.00')).toBeVisible();
    expect(await violations(page), 'checkout with an address').toEqual([]);

    // A payment PhonePe has not decided yet: the order service would answer `pending` for it.
    const pendingId = 'MO1763800000000a1b2c3_7f3k';
    await page.route(`**/api/payments/${pendingId}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ orderId: 'ord_01JD0000000000000000000000', merchantOrderId: pendingId, outcome: 'pending', state: 'pending', amountPaise: 78_500, transactionId: null, errorCode: null, errorMessage: null, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() }),
      }),
    );
    // A paid and a failed payment, as the order service would answer them to their owner.
    const outcome = { orderId: 'ord_01JD0000000000000000000000', amountPaise: 78_500, transactionId: 'OM2511221015000012345', errorCode: null, errorMessage: null, expiresAt: '2026-11-22T10:30:00.000Z' };
    const paidId = 'MO1763800000002p4p4p4_0000';
    const failedId = 'MO1763800000003f4f4f4_0000';
    await page.route(`**/api/payments/${paidId}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...outcome, merchantOrderId: paidId, outcome: 'paid', state: 'paid' }) }),
    );
    await page.route(`**/api/payments/${failedId}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ...outcome, merchantOrderId: failedId, outcome: 'failed', state: 'failed', errorCode: 'ZA', errorMessage: 'Payment declined' }),
      }),
    );
    for (const [path, heading] of [
      [`/payment-success?transactionId=OM2511221015000012345&code=PAYMENT_SUCCESS&amount=785.00&orderId=${paidId}`, 'Payment Successful!'],
      [`/payment-failed?transactionId=OM2511221015000099999&error=Payment%20declined&code=ZA&orderId=${failedId}`, 'Payment Failed'],
      [`/payment-pending?orderId=${pendingId}`, 'We are confirming your payment'],
      ['/payment-pending?orderId=MO1763800000009z9z9z9_0000', 'Payment not found'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
  });

  test('the admin dashboard tabs', async ({ page }) => {
    await signInAsAdmin(page);
    for (const tab of ['Products', 'Users', 'Admins']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      expect(await violations(page), tab).toEqual([]);
    }
  });
});
