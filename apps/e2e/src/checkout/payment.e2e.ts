import { orderNumber, formatRupees as rupees, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { addAddress, addToCart, KOLKATA } from '../support/checkout.js';
import { products, signUpShopper, toast } from '../support/shop.js';
import { sandboxUrl } from '../support/stack.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * Paying end to end through the PhonePe sandbox that `npm start` runs (issue #10): the
 * shopper pays on the sandbox's UPI step and comes back through the shop's return route,
 * which asks the order service, which asks PhonePe's Order Status. Nothing here is
 * answered by the test: the order service, catalog, cart, identity and the sandbox do it.
 */

/** A plant with at least `n` in stock, and its stock now. */
async function aPlant(request: APIRequestContext, n = 3): Promise<Product> {
  const plant = (await products(request)).find((p) => p.stockQuantity >= n);
  expect(plant, 'a plant in stock').toBeDefined();
  return plant!;
}

const stockOf = async (request: APIRequestContext, id: string) => ((await (await request.get(`/api/products/${id}`)).json()) as Product).stockQuantity;

/** Cart with one plant, a Kolkata address chosen, then Pay: the browser is on the sandbox's page. */
async function checkoutToSandbox(page: Page, plant: Product): Promise<string> {
  await addToCart(page, plant);
  await page.goto('/cart?checkout=true');
  await addAddress(page, KOLKATA);
  const payable = rupees(payableAmountPaise(plant.pricePaise, REGIONAL_SHIPPING_PAISE));
  const card = page.getByRole('region', { name: 'Payment' });
  await expect(card.getByText(payable)).toBeVisible();
  await card.getByRole('button', { name: 'Pay with PhonePe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/`));
  await expect(page.getByLabel('Amount to pay')).toHaveText(payable);
  return payable;
}

/** The mails the development mailbox holds for an address. */
async function mailsTo(request: APIRequestContext, email: string): Promise<{ subject: string; text: string; links: string[] }[]> {
  const { items } = (await (await request.get('/dev/mailbox.json')).json()) as { items: { to: string; subject: string; text: string; links: string[] }[] };
  return items.filter((m) => m.to.toLowerCase() === email);
}

test.describe('paying through the PhonePe sandbox', () => {
  test('a shopper pays: the success page and its toast, the stock lowered, the cart emptied and the confirmation mailed', async ({ page }) => {
    test.setTimeout(120_000);
    const plant = await aPlant(page.request);
    const email = await signUpShopper(page, 'payer');
    const before = await stockOf(page.request, plant.id);
    const payable = await checkoutToSandbox(page, plant);

    await page.getByRole('button', { name: `Pay ${payable}` }).click();
    await expect(page).toHaveURL(/\/payment-success\?/);
    const url = new URL(page.url());
    const transactionId = url.searchParams.get('transactionId')!;
    expect(transactionId).toBeTruthy();
    expect(url.searchParams.get('amount')).toBe((payableAmountPaise(plant.pricePaise, REGIONAL_SHIPPING_PAISE) / 100).toFixed(2));
    await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(transactionId)).toBeVisible();
    await expect(page.getByRole('main').getByText(payable).first()).toBeVisible();
    await expect(toast(page, 'Payment Successful!')).toBeVisible();

    await expect.poll(() => stockOf(page.request, plant.id), { message: 'the stock after the sale' }).toBe(before - 1);

    // One name for the order: its number on the success page, in the mail, and on its Details.
    const number = `#${orderNumber(url.searchParams.get('orderId')!)}`;
    const main = page.getByRole('main');
    await expect(main.getByRole('definition').filter({ hasText: number })).toBeVisible();
    const viewOrder = main.getByRole('link', { name: `View Order ${number}` });
    const orderHref = await viewOrder.getAttribute('href');
    expect(orderHref).toMatch(/^\/orders\?order=ord_/);
    await expect
      .poll(async () => (await mailsTo(page.request, email)).find((m) => m.subject === `Order confirmed: your Jalaj order ${number}`)?.links ?? [], { message: 'the order confirmation' })
      .toContainEqual(expect.stringMatching(new RegExp(`${orderHref!.replace(/[?]/g, '\\?')}$`)));
    await viewOrder.click();
    await expect(page.getByRole('dialog', { name: `Order ${number}` })).toBeVisible();

    await expect(async () => {
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible({ timeout: 2_000 });
    }, 'the bought plant leaves the cart').toPass({ timeout: 20_000 });
  });

  test('a declined payment lands on the failure page; the cart is kept and the stock given back', { tag: DESKTOP_ONLY }, async ({ page }) => {
    test.setTimeout(120_000);
    const plant = await aPlant(page.request);
    await signUpShopper(page, 'declined');
    const before = await stockOf(page.request, plant.id);
    await checkoutToSandbox(page, plant);
    // While PhonePe decides, the plant is held for this checkout.
    expect(await stockOf(page.request, plant.id)).toBe(before - 1);

    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect(page).toHaveURL(/\/payment-failed\?/);
    await expect(page.getByRole('heading', { name: 'Payment Failed', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('definition').filter({ hasText: /^ZA$/ })).toBeVisible();

    await expect.poll(() => stockOf(page.request, plant.id), { message: 'the stock released' }).toBe(before);
    const merchantOrderId = new URL(page.url()).searchParams.get('orderId')!;
    await page.getByRole('main').getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('main').getByText(plant.name).first()).toBeVisible();

    // The failed payment is in the order's history, with its reason.
    await page.goto('/orders');
    const number = `#${orderNumber(merchantOrderId)}`;
    await page.getByRole('article', { name: `Order ${number}` }).getByRole('button', { name: 'Details' }).click();
    const history = page.getByRole('dialog', { name: `Order ${number}` }).getByRole('region', { name: 'Order history' });
    await expect(history.getByText('Payment failed', { exact: true })).toBeVisible();
    await expect(history.getByText('The payment was declined in the UPI app.', { exact: true })).toBeVisible();
  });

  test('a payment PhonePe has not decided waits on the pending page and moves on by itself when it settles', { tag: DESKTOP_ONLY }, async ({ page }) => {
    test.setTimeout(120_000);
    const plant = await aPlant(page.request);
    await signUpShopper(page, 'pending');
    await checkoutToSandbox(page, plant);

    await page.getByRole('button', { name: 'Leave pending and go back' }).click();
    await expect(page).toHaveURL(/\/payment-pending\?orderId=/);
    const merchantOrderId = new URL(page.url()).searchParams.get('orderId')!;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // It says how long PhonePe may take, and links to the order it waits for.
    await expect(page.getByText(/PhonePe may take until .+; if it has not confirmed the payment by then, the payment fails/)).toBeVisible();
    await expect(page.getByRole('link', { name: /^View Order #/ })).toHaveAttribute('href', /^\/orders/);

    // PhonePe decides later (the shopper approved it in the UPI app): the sandbox settles it and sends the webhook.
    const settled = await page.request.post(`${sandboxUrl()}/_sandbox/orders/${merchantOrderId}/settle`, { data: { state: 'COMPLETED' } });
    expect(settled.ok()).toBe(true);
    await expect(page).toHaveURL(/\/payment-success\?/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
  });
});
