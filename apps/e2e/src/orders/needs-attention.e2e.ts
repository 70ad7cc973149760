import { formatRupees, orderNumber, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { AdminOrderView, Product } from '@jalaj/contracts';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { animationsSettled, violations } from '../support/a11y.js';
import { adminHeaders } from '../support/admin-api.js';
import { payThroughApi, plantInStock, type PlacedOrder } from '../support/orders.js';
import { signInAsAdmin, signUpShopper } from '../support/shop.js';
import { sandboxUrl } from '../support/stack.js';

/**
 * Needs attention (issue #42, docs/adr/081-needs-attention.md) in the admin console: the
 * figure in today's strip opens the Orders tab filtered to what waits; the order's drawer
 * says what happened in words and settles it — a held payment accepted and sold, a refused
 * refund tried again, another marked settled outside the shop with a note — each asked in a
 * dialog, each then in the order's history with the admin. Desktop and phone.
 */

/** The newest admin toast (an antd notification, role alert) with this exact text. */
const toast = (page: Page, text: string): Locator => page.getByRole('alert').getByText(text, { exact: true }).last();

/** A new shopper's order, paid through the sandbox (or held, PhonePe reporting `reportedPaise`). */
async function shopperOrder(browser: Browser, testInfo: TestInfo, options: { plant?: Product; reportedPaise?: number } = {}): Promise<PlacedOrder & { email: string }> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const page = await context.newPage();
  const email = await signUpShopper(page, 'attention');
  const order = await payThroughApi(page.request, options);
  await context.close();
  return { ...order, email };
}

/** The admin's order by its merchant order id, as the drawer reads it. */
async function adminOrder(request: APIRequestContext, headers: Record<string, string>, merchantOrderId: string): Promise<AdminOrderView> {
  const page = (await (await request.get(`/api/admin/orders?q=${merchantOrderId}`, { headers })).json()) as { items: { id: string }[] };
  return (await (await request.get(`/api/admin/orders/${page.items[0]!.id}`, { headers })).json()) as AdminOrderView;
}

/** A paid order whose full refund PhonePe refused (the sandbox told to refuse it), as the drawer shows it. */
async function refusedRefund(browser: Browser, testInfo: TestInfo, request: APIRequestContext, headers: Record<string, string>) {
  const order = await shopperOrder(browser, testInfo);
  const view = await adminOrder(request, headers, order.transactionId);
  expect((await request.put(`${sandboxUrl()}/_sandbox/faults`, { data: { refunds: 'fail' } })).status()).toBe(200);
  try {
    const refunded = await request.post(`/api/admin/orders/${view.id}/refund`, { headers, data: { amountPaise: view.totalPaise, reason: 'Customer cancelled' } });
    expect(refunded.status()).toBe(200);
    await expect.poll(async () => (await adminOrder(request, headers, order.transactionId)).attention.map((a) => a.reason), { timeout: 30_000 }).toEqual(['refund-refused']);
  } finally {
    await request.put(`${sandboxUrl()}/_sandbox/faults`, { data: {} });
  }
  return { ...order, totalPaise: view.totalPaise };
}

/** Opens an order's drawer from the Orders tab, found by its shopper's email. */
async function openDrawer(page: Page, email: string, merchantOrderId: string): Promise<Locator> {
  const number = orderNumber(merchantOrderId);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(email);
  const card = page.getByRole('list', { name: 'Orders', exact: true }).getByRole('listitem', { name: `Order #${number}`, exact: true });
  await card.getByRole('button', { name: 'Details' }).click();
  return page.getByRole('dialog', { name: `Order #${number}` });
}

test.describe('needs attention', () => {
  test('a held payment: counted in the strip, listed by the filter, explained in the drawer, accepted and sold, recorded', async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    const plant = await plantInStock(page.request);
    const totalPaise = payableAmountPaise(plant.pricePaise, REGIONAL_SHIPPING_PAISE);
    const order = await shopperOrder(browser, testInfo, { plant, reportedPaise: totalPaise + 100 });
    const number = orderNumber(order.transactionId);

    await signInAsAdmin(page);
    const figure = page.getByRole('region', { name: /^Today/ }).getByRole('link', { name: /^Needs attention/ });
    await expect(figure.locator('.admin-figure__value')).not.toHaveText('0');
    await page.screenshot({ path: testInfo.outputPath('figures-needs-attention.png') });
    await figure.click();
    await expect(page).toHaveURL(/[?&]attention=true/);
    await expect(page.getByRole('checkbox', { name: 'Needs attention' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Orders', exact: true }).getByRole('listitem', { name: `Order #${number}`, exact: true })).toBeVisible();

    const drawer = await openDrawer(page, order.email, order.transactionId);
    const attention = drawer.getByRole('region', { name: 'Needs attention' });
    await expect(attention).toContainText('Held: PhonePe took another amount');
    await expect(attention).toContainText(`PhonePe took ${formatRupees(totalPaise + 100)} for this order of ${formatRupees(totalPaise)}, ${formatRupees(100)} more.`);
    await animationsSettled(page);
    expect(await violations(page), 'the drawer of a held order').toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('drawer-held.png'), fullPage: true });

    await attention.getByRole('button', { name: `Accept ${formatRupees(totalPaise + 100)} and sell` }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept the payment and sell?' });
    await expect(confirm).toContainText(`the ${formatRupees(100)} more goes back to them through PhonePe`);
    await animationsSettled(page);
    await page.screenshot({ path: testInfo.outputPath('dialog-accept.png') });
    await confirm.getByRole('button', { name: 'Accept and sell' }).click();
    await expect(toast(page, `The ${formatRupees(totalPaise + 100)} PhonePe took is accepted: the order is paid and the customer is mailed.`)).toBeVisible();

    await expect(attention).toBeHidden();
    await expect(drawer.locator('.ant-descriptions-item-content').filter({ hasText: /^Completed$/ })).toBeVisible();
    const history = drawer.getByRole('region', { name: 'History' });
    await expect(history).toContainText(`Accepted the ${formatRupees(totalPaise + 100)} PhonePe took and sold the order`);
    await expect(history).toContainText(/Admin|admin@/);
    await expect(drawer.getByRole('button', { name: 'Bill' })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('drawer-accepted.png'), fullPage: true });
    await history.screenshot({ path: testInfo.outputPath('history-accepted.png') });
  });

  test('refused refunds: one tried again, another marked settled outside the shop with a note; both recorded', async ({ page, browser, request }, testInfo) => {
    test.setTimeout(300_000);
    const headers = await adminHeaders(request);
    const retried = await refusedRefund(browser, testInfo, request, headers);
    const settled = await refusedRefund(browser, testInfo, request, headers);

    await signInAsAdmin(page);
    let drawer = await openDrawer(page, retried.email, retried.transactionId);
    let attention = drawer.getByRole('region', { name: 'Needs attention' });
    await expect(attention).toContainText('Refund refused by PhonePe');
    await expect(attention).toContainText(`PhonePe refused the refund of ${formatRupees(retried.totalPaise)}`);
    await page.screenshot({ path: testInfo.outputPath('drawer-refused.png'), fullPage: true });
    await attention.getByRole('button', { name: 'Try the refund again' }).click();
    const again = page.getByRole('dialog', { name: 'Try the refund again?' });
    await animationsSettled(page);
    await again.getByRole('button', { name: 'Try again' }).click();
    await expect(toast(page, `PhonePe is asked again for the refund of ${formatRupees(retried.totalPaise)}.`)).toBeVisible();
    await expect(attention).toBeHidden();
    await expect(drawer.getByRole('region', { name: 'History' })).toContainText(`Asked PhonePe for the refund of ${formatRupees(retried.totalPaise)}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    drawer = await openDrawer(page, settled.email, settled.transactionId);
    attention = drawer.getByRole('region', { name: 'Needs attention' });
    await attention.getByRole('button', { name: 'Mark settled…' }).click();
    const settle = page.getByRole('dialog', { name: 'Mark the refund settled?' });
    await animationsSettled(page);
    await settle.getByRole('button', { name: 'Mark settled' }).click();
    await expect(settle.getByText('Say how the refund was settled, in at least 3 characters.')).toBeVisible();
    await settle.getByLabel('How was it settled?').fill('Paid back by bank transfer');
    expect(await violations(page), 'the settle dialog').toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('dialog-settle.png') });
    await settle.getByRole('button', { name: 'Mark settled' }).click();
    await expect(toast(page, `The refund of ${formatRupees(settled.totalPaise)} is marked settled outside the shop.`)).toBeVisible();
    await expect(attention).toBeHidden();
    const history = drawer.getByRole('region', { name: 'History' });
    await expect(history).toContainText('settled outside the shop: Paid back by bank transfer');
    await expect(drawer.locator('.ant-descriptions-item-content').filter({ hasText: /^Refunded$/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('drawer-settled.png'), fullPage: true });
    await history.screenshot({ path: testInfo.outputPath('history-settled.png') });
  });
});
