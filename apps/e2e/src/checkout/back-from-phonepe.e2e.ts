import { formatRupees as rupees, orderNumber, payableAmountPaise } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { addAddress, addToCart, billingGroup, KOLKATA, KOLKATA_RADIO, openAddressChoices, paymentCard, shippingGroup, summary } from '../support/checkout.js';
import { adminHeaders, type AddressFields, shopperHeaders, signUpShopper, toast } from '../support/shop.js';
import { sandboxUrl } from '../support/stack.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The way back from PhonePe unpaid and what an unpaid checkout may hold (issue #38, items
 * 1 to 3; ADR 073), through the real order service, catalog and PhonePe sandbox: the
 * browser's Back keeps the chosen addresses and shows the waiting payment, to pay again or
 * change; the shopper's own hold blocks nothing; a changed checkout replaces the waiting
 * one (its stock given back) and leaves one order; the default limits refuse a checkout
 * over them before any stock is held.
 */

const OFFICE: AddressFields = {
  nickname: 'Office',
  type: 'Shipping & Billing',
  fullName: 'Ananya Sen',
  phone: '9830012345',
  line1: '5 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
};
const OFFICE_RADIO = 'Office: Ananya Sen, Bengaluru 560001';

const waiting = (page: Page) => page.getByRole('region', { name: /^Your payment for order #\w+ is waiting$/ });
const onSandbox = (page: Page) => expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/`));
const stockOf = async (request: APIRequestContext, id: string) => ((await (await request.get(`/api/products/${id}`)).json()) as Product).stockQuantity;

/** A plant of this spec's own, `stock` of it, made by the admin (from `request`'s own context). */
async function newPlant(request: APIRequestContext, name: string, stockQuantity: number): Promise<Product> {
  const headers = await adminHeaders(request);
  const res = await request.post('/api/admin/products', {
    headers,
    data: { name: `${name} ${Date.now().toString(36)}`, description: 'For the back-from-PhonePe spec', price: '120.00', stockQuantity, category: 'midground', imageUrls: [] },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Product;
}


test.describe('back from PhonePe unpaid', () => {
  test('the chosen address stays, the waiting payment can be paid again or changed, the shopper’s own hold blocks nothing, and one order is left', async ({ page, request }) => {
    test.setTimeout(150_000);
    // The last one of a plant: the shopper's own hold takes the stock to 0.
    const plant = await newPlant(request, 'Last Bucephalandra', 1);
    await signUpShopper(page, 'back');
    await addToCart(page, plant);
    const total = (shippingPaise: number) => rupees(payableAmountPaise(plant.pricePaise, shippingPaise));
    let first = '';

    await test.step('the shopper ships to the office (Bengaluru, ₹150) and goes to PhonePe', async () => {
      await page.goto('/cart?checkout=true');
      await addAddress(page, KOLKATA);
      await openAddressChoices(page);
      await addAddress(page, OFFICE, shippingGroup(page));
      await expect(shippingGroup(page).getByRole('radio', { name: OFFICE_RADIO })).toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(paymentCard(page)).toContainText(total(15_000));
      await paymentCard(page).getByRole('button', { name: 'Pay with PhonePe' }).click();
      await onSandbox(page);
      await expect(page.getByLabel('Amount to pay')).toHaveText(total(15_000));
      first = new URL(page.url()).pathname;
      await expect.poll(() => stockOf(request, plant.id), { message: 'held for the checkout' }).toBe(0);
    });

    await test.step('Back: the office is still chosen, the waiting payment is shown, and the held plant is the shopper’s to buy', async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/cart\?checkout=true$/);
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: OFFICE_RADIO })).toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(summary(page).getByText('₹150.00')).toBeVisible();
      await expect(waiting(page)).toContainText(`It ships to Office, Bengaluru 560001`);
      await expect(waiting(page)).toContainText(`PhonePe has not received ${total(15_000)} for it yet`);
      await expect(page.getByText('Ready to Checkout')).toBeVisible();
      await expect(page.getByText('Your cart needs a change')).toHaveCount(0);
      await expect(page.getByRole('article', { name: plant.name })).not.toContainText('out of stock');
      await expect(paymentCard(page).getByRole('button', { name: 'Pay with PhonePe' })).not.toHaveAttribute('aria-disabled', 'true');
      await page.screenshot({ path: test.info().outputPath('back-from-phonepe.png'), fullPage: true });
    });

    await test.step('a reload keeps the choice; paying the waiting payment again opens the same PhonePe page', async () => {
      await page.reload();
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: OFFICE_RADIO })).toBeChecked();
      await waiting(page).getByRole('link', { name: `Pay ${total(15_000)} with PhonePe` }).click();
      await onSandbox(page);
      expect(new URL(page.url()).pathname).toBe(first);
      await page.goBack();
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: OFFICE_RADIO })).toBeChecked();
      await expect(billingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();

    });

    await test.step('changed to home and paid: the new payment replaces the waiting one; one order, to Kolkata', async () => {
      await shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO }).check();
      await expect(summary(page).getByText('₹75.00')).toBeVisible();
      await paymentCard(page).getByRole('button', { name: 'Pay with PhonePe' }).click();
      await onSandbox(page);
      expect(new URL(page.url()).pathname).not.toBe(first);
      await page.getByRole('button', { name: `Pay ${total(7_500)}` }).click();
      await expect(page).toHaveURL(/\/payment-success\?/);
      const number = orderNumber(new URL(page.url()).searchParams.get('orderId')!);
      // Sold once: the replaced payment gave its hold back before the new one took it.
      await expect.poll(() => stockOf(request, plant.id), { message: 'sold once' }).toBe(0);
      await page.goto('/orders');
      const cards = page.getByRole('article', { name: /^Order #/ });
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toHaveAccessibleName(`Order #${number}`);
      await cards.first().getByRole('button', { name: 'Details' }).click();
      await expect(page.getByRole('dialog', { name: `Order #${number}` })).toContainText('Kolkata');
    });
  });

  test('the hold limits refuse a checkout over them before any stock is held, and a changed checkout holds once', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
    test.setTimeout(150_000);
    const plenty = await newPlant(request, 'Plenty Rotala', 50);
    const scarce = await newPlant(request, 'Scarce Anubias', 4);
    await signUpShopper(page, 'limits');
    // The cart changed over the shop's API, as the product page's picker and the cart's stepper do.
    const headers = await shopperHeaders(page.request);
    const putInCart = async (plant: Product, quantity: number) => {
      const res = await page.request.post('/api/cart/items', { headers, data: { productId: plant.id, quantity } });
      expect(res.status(), await res.text()).toBe(200);
    };
    const lineOf = async (plant: Product) =>
      ((await (await page.request.get('/api/cart', { headers })).json()) as { lines: { id: string; productId: string }[] }).lines.find((l) => l.productId === plant.id)!;
    const pay = () => paymentCard(page).getByRole('button', { name: 'Pay with PhonePe' }).click();

    await test.step('21 of one plant: more than one order may buy', async () => {
      await putInCart(plenty, 21);
      await page.goto('/cart?checkout=true');
      await addAddress(page, KOLKATA);
      await pay();
      await expect(toast(page, 'Order limit')).toBeVisible();
      await expect(toast(page, `You can buy at most 20 of ${plenty.name} in one order. Please lower the quantity.`)).toBeVisible();
      expect(await stockOf(request, plenty.id)).toBe(50);
    });

    await test.step('3 of the last 4: more than one unpaid checkout may set aside', async () => {
      const line = await lineOf(plenty);
      expect((await page.request.delete(`/api/cart/items/${line.id}`, { headers })).status()).toBeLessThan(300);
      await putInCart(scarce, 3);
      await page.reload();
      // Pay once the address choice is back (the choices load until then).
      await expect(shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await pay();
      await expect(toast(page, `Only 2 of the 4 ${scarce.name} left can be set aside for one order while it is paid, so other shoppers can still buy it. Please lower the quantity to 2.`)).toBeVisible();
      expect(await stockOf(request, scarce.id)).toBe(4);
    });

    await test.step('2 of 4 is held; paying with another address gives that hold back first: held once', async () => {
      const line = await lineOf(scarce);
      expect((await page.request.patch(`/api/cart/items/${line.id}`, { headers, data: { quantity: 2 } })).status()).toBe(200);
      await page.reload();
      await openAddressChoices(page);
      await expect(shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await pay();
      await onSandbox(page);
      await expect.poll(() => stockOf(request, scarce.id), { message: 'two held' }).toBe(2);
      await page.goBack();
      await addAddress(page, OFFICE, shippingGroup(page));
      await pay();
      await onSandbox(page);
      await expect.poll(() => stockOf(request, scarce.id), { message: 'held once' }).toBe(2);
    });

    await test.step('a third payment is fine; a fourth while three are open at PhonePe is refused', async () => {
      await page.goBack();
      await billingGroup(page).getByRole('radio', { name: OFFICE_RADIO }).check();
      await pay();
      await onSandbox(page);
      await page.goBack();
      await shippingGroup(page).getByRole('radio', { name: KOLKATA_RADIO }).check();
      await pay();
      await expect(toast(page, 'Order limit')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('You already have 3 payments waiting at PhonePe. Pay one of them, or try again after');
      // The last payment started still holds its two; nothing else is held.
      await expect.poll(() => stockOf(request, scarce.id), { message: 'held once' }).toBe(2);
      await expect(waiting(page)).toContainText('It ships to Office, Bengaluru 560001');
      await page.screenshot({ path: test.info().outputPath('hold-limit.png'), fullPage: true });
    });
  });
});
