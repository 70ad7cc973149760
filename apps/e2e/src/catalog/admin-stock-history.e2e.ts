import { orderNumber, stockChangeWhenText } from '@jalaj/commerce';
import type { AdminProduct } from '@jalaj/contracts';
import { type Browser, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { adminHeaders } from '../support/admin-api.js';
import { payThroughApi } from '../support/orders.js';
import { signInAsAdmin, signUpShopper } from '../support/shop.js';

/**
 * The product dialog's stock history (issue #42): empty for a plant made with none, then an
 * admin's adjustment with its reason, a shopper's sale with the order's number and an admin's
 * edit, newest first, each with when, by whom, the change and the stock after; an adjustment
 * below 0 refused at its field. At a phone's width (390 px) and a desktop's (1440 px), with
 * screenshots of the dialog.
 */
const tag = `hst${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const grid = (page: Page): Locator => page.getByRole('list', { name: 'Products' });
const dialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Edit Product' });
const history = (page: Page): Locator => dialog(page).getByRole('region', { name: 'Stock history' });
const rows = (page: Page): Locator => history(page).locator('tbody tr.ant-table-row');

async function openDialog(page: Page, name: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(tag);
  await grid(page).getByRole('listitem', { name, exact: true }).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page)).toBeVisible();
}

/** A shopper in a browser context of their own buys one of the plant. */
async function sale(browser: Browser, testInfo: TestInfo, plant: AdminProduct): Promise<string> {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const page = await context.newPage();
    await signUpShopper(page, 'history');
    return (await payThroughApi(page.request, { plant })).transactionId;
  } finally {
    await context.close();
  }
}

test.describe('admin products: stock history', () => {
  const created: AdminProduct[] = [];

  test.afterEach(async ({ request }) => {
    const headers = await adminHeaders(request);
    for (const product of created.splice(0)) await request.delete(`/api/admin/products/${product.id}`, { headers });
  });

  test('the dialog says why the stock is what it is: an adjustment, a sale and an edit, newest first', async ({ page, browser, request }, testInfo) => {
    test.setTimeout(240_000);
    const phone = testInfo.project.name === 'phone';
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
    const headers = await adminHeaders(request);
    const me = (await (await request.get('/api/me', { headers })).json()) as { fullName: string | null; email: string };
    const adminName = me.fullName || me.email;
    const name = `History Rotala ${tag}`;
    const made = await request.post('/api/admin/products', { headers, data: { name, description: 'For the stock history spec', price: '80.00', stockQuantity: 0, category: 'midground', imageUrls: [] } });
    expect(made.status()).toBe(201);
    const plant = (await made.json()) as AdminProduct;
    created.push(plant);

    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Products' }).click();
    await openDialog(page, name);
    await expect(history(page).getByText('No stock changes recorded yet')).toBeVisible();
    await history(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('stock-history-empty.png') });

    // An adjustment with its reason: the history shows it, and the form now stands on the new stock.
    await history(page).getByLabel('Change (+ or −)').fill('12');
    await history(page).getByLabel('Reason').fill('New batch from the farm');
    await history(page).getByRole('button', { name: 'Adjust' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Stock adjusted' })).toContainText('Stock is now 12.');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Adjusted: New batch from the farm');
    await expect(rows(page).first()).toContainText(adminName);
    await expect(rows(page).first()).toContainText('+12');
    await expect(dialog(page).getByLabel('Stock Quantity')).toHaveValue('12');

    // One that would leave less than 0 is refused at its field, and nothing is recorded.
    await history(page).getByLabel('Change (+ or −)').fill('-50');
    await history(page).getByLabel('Reason').fill('Miscounted');
    await history(page).getByRole('button', { name: 'Adjust' }).click();
    await expect(history(page).getByText('Stock cannot go below 0: 12 in stock now, and this change takes away 50.')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toBeHidden();

    // A shopper buys one; then the admin's edit takes the stock from 11 to 15.
    const sold = orderNumber(await sale(browser, testInfo, { ...plant, stockQuantity: 12 }));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Products' }).click();
    await openDialog(page, name);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText(`Sale, order ${sold}`);
    await expect(rows(page).first()).toContainText('Checkout');
    await expect(rows(page).first()).toContainText('\u22121');
    await expect(dialog(page).getByLabel('Stock Quantity')).toHaveValue('11');
    await dialog(page).getByLabel('Stock Quantity').fill('15');
    await dialog(page).getByRole('button', { name: 'Update Product' }).click();
    await expect(dialog(page)).toBeHidden();
    await openDialog(page, name);
    await expect(rows(page)).toHaveCount(3);
    const [edit, sale1, adjustment] = [rows(page).nth(0), rows(page).nth(1), rows(page).nth(2)];
    await expect(edit).toContainText('Product form saved');
    await expect(edit).toContainText(adminName);
    await expect(edit).toContainText('+4');
    await expect(edit).toContainText('15');
    await expect(sale1).toContainText('11');
    await expect(adjustment).toContainText('12');

    // When, in India's time; on a wide screen as columns with their headers.
    const res = await request.get(`/api/admin/products/${plant.id}/stock-history`, { headers });
    const latest = ((await res.json()) as { items: { at: string }[] }).items[0]!;
    await expect(edit).toContainText(stockChangeWhenText(latest.at));
    if (!phone) await expect(history(page).getByRole('columnheader')).toHaveText(['When', 'What changed it', 'By', 'Change', 'Stock after']);
    await history(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('stock-history.png') });
  });
});
