import { expect, type Browser, type Page, test } from '@playwright/test';
import { addAddress, addToCart, KOLKATA } from '../support/checkout.js';
import { placePaidOrder, plantInStock } from '../support/orders.js';
import { signUpShopper, toast } from '../support/shop.js';
import { sandboxUrl } from '../support/stack.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The payment result pages believe nothing of their address (issue #38, item 6): the
 * success, failure and pending pages read only the order's id and show what the shop knows
 * of that order, to its owner. A forged address — another amount, another error text,
 * someone else's order, a signed-out visitor — shows neither an amount nor a success.
 * Real orders, paid through the PhonePe sandbox; nothing is answered by the test.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const FORGED_AMOUNT = '99999.00';

/** A page of a fresh browser context of the same shop, signed out. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe('the payment result pages', () => {
  test('show the shop’s own facts of an order to its owner only; a forged address shows no amount and no success', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await signUpShopper(page, 'owner');
    const order = await placePaidOrder(page);
    const main = page.getByRole('main');

    await test.step('the owner sees the shop’s amount, whatever amount and transaction id the address carries', async () => {
      await page.goto(`/payment-success?transactionId=FORGED-TXN&code=PAYMENT_SUCCESS&amount=${FORGED_AMOUNT}&orderId=${order.transactionId}`);
      await expect(heading(page, 'Payment Successful!')).toBeVisible();
      await expect(main.getByRole('definition').filter({ hasText: order.payable }).first()).toBeVisible();
      await expect(main.getByText(/99,999/)).toHaveCount(0);
      await expect(main.getByText('FORGED-TXN')).toHaveCount(0);
    });

    await test.step('the failure page of a paid order prints none of its words and moves on to the success page', async () => {
      await page.goto(`/payment-failed?transactionId=X&error=${encodeURIComponent('Call +91 99999 00000 to get your refund')}&code=ZA&orderId=${order.transactionId}`);
      await expect(page).toHaveURL(/\/payment-success\?/);
      await expect(heading(page, 'Payment Successful!')).toBeVisible();
      await expect(page.getByText(/Call \+91/)).toHaveCount(0);
    });

    await test.step('an address without an order the shop knows shows neither success nor an amount', async () => {
      await page.goto(`/payment-success?transactionId=X&code=PAYMENT_SUCCESS&amount=${FORGED_AMOUNT}`);
      await expect(heading(page, 'Payment not found')).toBeVisible();
      await expect(main.getByText(/₹/)).toHaveCount(0);
      await page.goto(`/payment-failed?error=${encodeURIComponent('Your account is blocked: call +91 99999 00000')}&code=ZA&orderId=MO1763800000000zzzzzz_0000`);
      await expect(heading(page, 'Payment not found')).toBeVisible();
      await expect(page.getByText(/account is blocked/)).toHaveCount(0);
      await expect(main.getByText(/^ZA$/)).toHaveCount(0);
    });

    await test.step('another shopper sees nothing of the order', async () => {
      const other = await freshPage(browser, baseURL);
      await signUpShopper(other, 'stranger');
      for (const path of [`/payment-success?transactionId=X&code=PAYMENT_SUCCESS&amount=${FORGED_AMOUNT}&orderId=${order.transactionId}`, `/payment-pending?orderId=${order.transactionId}`]) {
        await other.goto(path);
        await expect(heading(other, 'Payment not found')).toBeVisible();
        await expect(other.getByRole('main').getByText(/₹/)).toHaveCount(0);
        await expect(heading(other, 'Payment Successful!')).toHaveCount(0);
      }
      await expect(toast(other, 'Payment Successful!')).toHaveCount(0);
      await other.context().close();
    });

    await test.step('signed out, the page asks to sign in and shows nothing of the order', async () => {
      const visitor = await freshPage(browser, baseURL);
      await visitor.goto(`/payment-success?transactionId=X&code=PAYMENT_SUCCESS&amount=${FORGED_AMOUNT}&orderId=${order.transactionId}`);
      await expect(heading(visitor, 'Please sign in to check your payment')).toBeVisible();
      await expect(visitor.getByRole('main').getByText(/₹/)).toHaveCount(0);
      await expect(heading(visitor, 'Payment Successful!')).toHaveCount(0);
      await expect(toast(visitor, 'Payment Successful!')).toHaveCount(0);
      await visitor.context().close();
    });
  });

  test('returns from PhonePe for a pending payment share one status check with PhonePe', { tag: DESKTOP_ONLY }, async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    await signUpShopper(page, 'returns');
    const plant = await plantInStock(page.request);
    await addToCart(page, plant);
    await page.goto('/cart?checkout=true');
    await addAddress(page, KOLKATA);
    await page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Pay with PhonePe' }).click();
    await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/`));
    await page.getByRole('button', { name: 'Leave pending and go back' }).click();
    await expect(page).toHaveURL(/\/payment-pending\?orderId=/);
    const merchantOrderId = new URL(page.url()).searchParams.get('orderId')!;
    // The pending page stops asking: only the returns below ask.
    await page.goto('/');

    const statusCalls = async () => {
      const { calls } = (await (await page.request.get(`${sandboxUrl()}/_sandbox/calls`)).json()) as { calls: { path: string }[] };
      return calls.filter((c) => c.path.startsWith(`/checkout/v2/order/${merchantOrderId}/status`)).length;
    };
    const before = await statusCalls();
    // Anyone may open the return address: ten at once, signed out.
    const anonymous = await playwright.request.newContext({ baseURL });
    const returns = await Promise.all(Array.from({ length: 10 }, () => anonymous.get(`/api/payments/phonepe/return/${merchantOrderId}`, { maxRedirects: 0 })));
    for (const r of returns) {
      expect(r.status()).toBe(303);
      expect(r.headers().location).toBe(`/payment-pending?orderId=${merchantOrderId}`);
    }
    expect(await statusCalls(), 'PhonePe asked once for the ten returns').toBeLessThanOrEqual(before + 1);
    await anonymous.dispose();
  });
});
