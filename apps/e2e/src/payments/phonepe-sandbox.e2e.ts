import { expect, test, type APIRequestContext } from '@playwright/test';
import { violations } from '../support/a11y.js';
import { sandboxUrl } from '../support/stack.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The PhonePe sandbox's payment page as `npm start` runs it (docs/payments.md): labelled as
 * a simulator, readable and accessible at desktop and phone sizes, usable with the keyboard,
 * and each choice recorded and followed by a return to the merchant.
 */
const credentials = { client_id: 'jalaj-sandbox', client_secret: 'jalaj-sandbox-secret', client_version: '1', grant_type: 'client_credentials' };

/** A payment made the way the order service makes it: token, then pay. */
async function createPayment(request: APIRequestContext, amount: number, returnTo: string) {
  const token = await (await request.post(`${sandboxUrl()}/v1/oauth/token`, { form: credentials })).json();
  const merchantOrderId = `MO${Date.now()}${Math.floor(Math.random() * 1e6)}_e2e`;
  const reply = await request.post(`${sandboxUrl()}/checkout/v2/pay`, {
    headers: { authorization: `O-Bearer ${token.access_token}` },
    data: { merchantOrderId, amount, expireAfter: 900, paymentFlow: { type: 'PG_CHECKOUT', message: 'Jalaj order', merchantUrls: { redirectUrl: returnTo } } },
  });
  expect(reply.status()).toBe(200);
  const { redirectUrl } = await reply.json();
  return { merchantOrderId, redirectUrl: redirectUrl as string };
}

const state = async (request: APIRequestContext, merchantOrderId: string) =>
  (await (await request.get(`${sandboxUrl()}/_sandbox/orders/${merchantOrderId}`)).json()).status as { state: string; errorCode?: string };

test.describe('PhonePe sandbox payment page', { tag: DESKTOP_ONLY }, () => {
  test('shows the payment as a labelled test, passes axe, and Pay by keyboard returns to the shop', async ({ page, request, baseURL }) => {
    const returnTo = `${baseURL}/?paid=1`;
    const { merchantOrderId, redirectUrl } = await createPayment(request, 164_900, returnTo);
    await page.goto(redirectUrl);
    await expect(page.getByText('PhonePe sandbox — test payment, no money moves')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay Jalaj' })).toBeVisible();
    await expect(page.getByLabel('Amount to pay')).toHaveText('₹1,649.00');
    await expect(page.getByText(merchantOrderId)).toBeVisible();
    expect(await violations(page)).toEqual([]);

    const pay = page.getByRole('button', { name: 'Pay ₹1,649.00' });
    for (let i = 0; i < 10 && !(await pay.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(pay).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(returnTo);
    expect((await state(request, merchantOrderId)).state).toBe('COMPLETED');
    await expect
      .poll(async () => (await (await request.get(`${sandboxUrl()}/_sandbox/webhooks`)).json()).deliveries.some((d: { merchantOrderId: string; event: string }) => d.merchantOrderId === merchantOrderId && d.event === 'checkout.order.completed'))
      .toBe(true);
  });

  test('Decline records a failed payment (UPI ZA); the page then says so', async ({ page, request, baseURL }) => {
    const { merchantOrderId, redirectUrl } = await createPayment(request, 52_500, `${baseURL}/?declined=1`);
    await page.goto(redirectUrl);
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect(page).toHaveURL(`${baseURL}/?declined=1`);
    expect(await state(request, merchantOrderId)).toMatchObject({ state: 'FAILED', errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZA' });
    await page.goto(redirectUrl);
    await expect(page.getByRole('status')).toHaveText('This payment has failed. No money was taken.');
  });

  test('an expired payment cannot be paid', async ({ page, request, baseURL }) => {
    const { merchantOrderId, redirectUrl } = await createPayment(request, 10_000, `${baseURL}/`);
    await request.post(`${sandboxUrl()}/_sandbox/orders/${merchantOrderId}/expire`, { data: { webhook: 'drop' } });
    await page.goto(redirectUrl);
    await expect(page.getByRole('status')).toHaveText('This payment request has expired. No money was taken.');
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Return to Jalaj' })).toHaveAttribute('href', `${baseURL}/`);
  });
});
