import { formatRupees, orderNumber, paiseToDecimalString, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { OrderView } from '@jalaj/contracts';
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { animationsSettled, violations } from '../support/a11y.js';
import { adminHeaders, serverFigures } from '../support/admin-api.js';
import { billOf, fact } from '../support/bill.js';
import { payThroughApi } from '../support/orders.js';
import { chooseOption, signInAsAdmin, signUpShopper } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * A partial refund (issue #38, item 4; docs/adr/074-partial-refunds.md), from the seller's
 * click to every place that counts or prints money: ₹100 of a paid order refunded leaves it
 * "Partly refunded" and still to be shipped; today's figures, the user drawer and the CSV
 * count what was paid less what was refunded; the admin's Bill and the shopper's invoice
 * print the refund under the unchanged total; My Orders shows the state and the amount.
 * Each project has a shop of its own and runs its tests one at a time, so today's figures
 * move only by what this test does.
 */

const REFUND_PAISE = 10_000;

interface Shopper {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly email: string;
}

async function newShopper(browser: Browser, testInfo: TestInfo): Promise<Shopper> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const page = await context.newPage();
  const email = await signUpShopper(page, 'partial-refund');
  return { context, page, email };
}

/** The newest admin toast (an antd notification, role alert) with this exact text. */
const toast = (page: Page, text: string): Locator => page.getByRole('alert').getByText(text, { exact: true }).last();

/** The cells of one CSV line (RFC 4180: quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out;
}

test.describe('partial refunds', { tag: DESKTOP_ONLY }, () => {
  test('₹100 of an order refunded: partly refunded and still shipped, counted net in the figures, the user drawer and the CSV, printed on both bills', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const shopper = await newShopper(browser, testInfo);
    const order = await payThroughApi(shopper.page.request);
    const number = orderNumber(order.transactionId);
    const totalPaise = payableAmountPaise(order.plant.pricePaise, REGIONAL_SHIPPING_PAISE);
    const leftPaise = totalPaise - REFUND_PAISE;
    const headers = await adminHeaders(request);
    const before = await serverFigures(request, headers);

    // The seller refunds ₹100 of it from the order's drawer.
    await signInAsAdmin(page);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(shopper.email);
    await expect(page.getByRole('heading', { name: '1 Orders' })).toBeVisible();
    const card = page.getByRole('list', { name: 'Orders', exact: true }).getByRole('listitem', { name: `Order #${number}`, exact: true });
    await card.getByRole('button', { name: 'Details' }).click();
    const drawer = page.getByRole('dialog', { name: `Order #${number}` });
    const form = drawer.getByRole('form', { name: 'Refund' });
    await form.getByLabel('Refund amount (₹)').fill('100');
    await form.getByLabel('Reason').fill('One plant arrived damaged');
    await form.getByRole('button', { name: 'Refund…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
    await expect(confirm).toContainText(`${formatRupees(leftPaise)} stays paid and the order can still be shipped.`);
    await animationsSettled(page);
    await confirm.getByRole('button', { name: `Refund ${formatRupees(REFUND_PAISE)}` }).click();
    await expect(toast(page, `A refund of ${formatRupees(REFUND_PAISE)} is on its way to the customer.`)).toBeVisible();

    // Partly refunded, with the amount; refundable further up to what is left; still shipped.
    await expect(drawer.locator('.ant-descriptions-item-content').filter({ hasText: /^Partly refunded$/ })).toBeVisible();
    await expect(drawer).toContainText(`Refunded ${formatRupees(REFUND_PAISE)} of ${formatRupees(totalPaise)}; ${formatRupees(leftPaise)} stays paid.`);
    await expect(drawer).toContainText('One plant arrived damaged');
    await expect(drawer.getByRole('form', { name: 'Refund' }).getByLabel('Refund amount (₹)')).toHaveValue(paiseToDecimalString(leftPaise));
    await expect(card).toContainText('Partly refunded');
    await chooseOption(page, drawer, 'Next step', 'Processing');
    await drawer.getByRole('button', { name: 'Update Fulfilment' }).click();
    await expect(toast(page, 'The order is marked processing.')).toBeVisible();
    await expect(drawer).toContainText('Fulfilment: Processing');
    expect(await violations(page), 'the drawer of a partly refunded order').toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('drawer-partly-refunded.png'), fullPage: true });

    // The admin's Bill: what was billed unchanged, the refund under it, and what stays paid.
    await drawer.getByRole('button', { name: 'Bill' }).click();
    const bill = page.getByRole('dialog', { name: 'Bill of Supply' });
    // The same bill as the shopper's (libs/web-kit): the money lines, then each refund.
    const sheet = billOf(bill);
    await expect(fact(sheet, 'Total')).toHaveText(formatRupees(totalPaise));
    await expect(sheet.locator('dt').filter({ hasText: /^(Refund in progress|Refunded)$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(`-${formatRupees(REFUND_PAISE)}`);
    await expect(fact(sheet, 'Paid after refunds')).toHaveText(formatRupees(leftPaise));
    await expect(sheet.getByRole('list', { name: 'Refunds' })).toContainText(`${formatRupees(REFUND_PAISE)} refunded through PhonePe`);
    await page.screenshot({ path: testInfo.outputPath('admin-bill-partly-refunded.png') });
    await bill.getByRole('button', { name: 'Close' }).click();
    await expect(bill).toBeHidden();

    // Today's figures: the order still counts, for what was paid less what was refunded.
    const after = await serverFigures(request, headers);
    expect(after.paidOrders).toBe(before.paidOrders);
    expect(after.revenuePaise).toBe(before.revenuePaise - REFUND_PAISE);
    const revenue = page.getByRole('region', { name: /^Today/ }).getByRole('link', { name: /^Revenue today/ }).locator('.admin-figure__value');
    await expect(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(revenue).toHaveText(formatRupees(after.revenuePaise), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // The CSV export of the search: the order's state, what was refunded and what it brought in.
    await drawer.getByRole('button', { name: 'Close' }).first().focus();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const [header, row] = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    const cells = (line: string) => csvCells(line.replace(/^\uFEFF/, ''));
    const line = Object.fromEntries(cells(header!).map((h, i) => [h, cells(row!)[i]]));
    // In words, the order's amounts once (on its first line), as the headings say (ADR 079).
    expect(line['Order number']).toBe(number);
    expect(line.Status).toBe('Partly refunded');
    expect(line.Line).toBe('1');
    expect(line["Order total (INR, order's first line only)"]).toBe(paiseToDecimalString(totalPaise));
    expect(line["Refunded (INR, order's first line only)"]).toBe(paiseToDecimalString(REFUND_PAISE));
    expect(line["Revenue (INR, order's first line only)"]).toBe(paiseToDecimalString(leftPaise));

    // The user drawer counts it the same way.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(shopper.email);
    const users = page.getByRole('list', { name: 'Users', exact: true }).locator(':scope > [role="listitem"]');
    await expect(users).toHaveCount(1);
    await users.getByRole('button').click();
    const userDrawer = page.getByRole('dialog', { name: 'Test Shopper' });
    await expect(userDrawer.getByRole('row', { name: /Paid orders/ })).toContainText('1');
    await expect(userDrawer.getByRole('row', { name: /Total spent/ })).toContainText(formatRupees(leftPaise));

    // The shopper's My Orders: the state with the amount, and the money lines with the refund.
    const mine = shopper.page;
    const [listed] = await Promise.all([
      mine.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'GET'),
      mine.goto('/orders'),
    ]);
    const placed = ((await listed.json()) as { items: OrderView[] }).items.find((o) => o.merchantOrderId === order.transactionId)!;
    const myCard = mine.getByRole('article', { name: `Order #${number}` });
    await expect(myCard.getByRole('list', { name: 'Order status' }).getByRole('listitem')).toHaveText([`Partly refunded: ${formatRupees(REFUND_PAISE)}`, 'Processing']);
    await expect(fact(myCard, 'Total')).toHaveText(formatRupees(totalPaise));
    await expect(fact(myCard, 'Paid after refunds')).toHaveText(formatRupees(leftPaise));
    await expect(myCard.locator('dt').filter({ hasText: /^(Refund in progress|Refunded)$/ })).toHaveCount(1);
    await mine.screenshot({ path: testInfo.outputPath('my-orders-partly-refunded.png'), fullPage: true });

    // The shopper's invoice: the same total, the refund printed under it. (It prints itself: kept from the printer here.)
    await shopper.context.addInitScript(() => {
      window.print = () => undefined;
    });
    await mine.goto(`/orders/${placed.id}/invoice`);
    const invoice = mine.getByRole('article', { name: 'Bill of Supply' });
    await expect(fact(invoice, 'Status')).toHaveText('Partly refunded');
    await expect(fact(invoice, 'Total')).toHaveText(formatRupees(totalPaise));
    await expect(fact(invoice, 'Paid after refunds')).toHaveText(formatRupees(leftPaise));
    await expect(invoice.getByRole('list', { name: 'Refunds' })).toContainText(`${formatRupees(REFUND_PAISE)} refunded through PhonePe`);
    await mine.screenshot({ path: testInfo.outputPath('invoice-partly-refunded.png'), fullPage: true });

    await shopper.context.close();
  });
});
