import { formatRupees } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { animationsSettled } from '../support/a11y.js';
import { adminHeaders, serverFigures } from '../support/admin-api.js';
import { paidOrderToday } from '../support/orders.js';
import { signInAsAdmin } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * Today's figures above the dashboard's tabs (issue #14): the strip shows what the server
 * counts, each figure opens the list it counts (Orders today, To ship, Low on stock), it
 * refreshes after a change and when the admin comes back to the browser tab, and a failed
 * load offers a Retry without blocking the tabs. At a phone's width (390 px) and a
 * desktop's (1440 px), with screenshots of the dashboard.
 */

const strip = (page: Page): Locator => page.getByRole('region', { name: /^Today/ });
const figure = (page: Page, label: string): Locator => strip(page).getByRole('link', { name: new RegExp(`^${label}`) });
const value = (page: Page, label: string): Locator => figure(page, label).locator('.admin-figure__value');

async function atWidth(page: Page, testInfo: TestInfo): Promise<void> {
  await page.setViewportSize(testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 });
}

test.describe("today's figures", () => {
  const created: Product[] = [];

  test.afterEach(async ({ request }) => {
    if (!created.length) return;
    const headers = await adminHeaders(request);
    for (const product of created.splice(0)) await request.delete(`/api/admin/products/${product.id}`, { headers });
  });

  test('the strip shows what the server counts, and each figure opens the list it counts', async ({ page, browser, request }, testInfo) => {
    test.setTimeout(180_000);
    await paidOrderToday(browser, testInfo);
    await atWidth(page, testInfo);
    await signInAsAdmin(page);
    const headers = await adminHeaders(request);
    const counted = await serverFigures(request, headers);
    expect(counted.paidOrders).toBeGreaterThan(0);
    expect(counted.toShip).toBeGreaterThan(0);

    // The default tab stays Orders, with the strip above the four tabs.
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab')).toHaveText(['Orders', 'Products', 'Users', 'Admins']);
    await expect(value(page, 'Orders today')).toHaveText(counted.paidOrders.toLocaleString('en-IN'));
    await expect(value(page, 'Revenue today')).toHaveText(formatRupees(counted.revenuePaise));
    await expect(value(page, 'To ship')).toHaveText(counted.toShip.toLocaleString('en-IN'));
    await expect(value(page, 'Low on stock')).toHaveText(counted.lowStock.toLocaleString('en-IN'));
    await expect(figure(page, 'Low on stock')).toContainText(`Plants with stock ≤ ${counted.lowStockThreshold}`);
    await expect(value(page, 'Needs attention')).toHaveText(counted.needsAttention.toLocaleString('en-IN'));
    await expect(value(page, 'Claims waiting')).toHaveText(counted.claimsWaiting.toLocaleString('en-IN'));
    const stripBox = (await strip(page).boundingBox())!;
    const tabsBox = (await page.getByRole('tablist').boundingBox())!;
    expect(stripBox.y + stripBox.height).toBeLessThanOrEqual(tabsBox.y);
    // Two figures a row on a phone, all six in a row on a desktop; nothing wider than the page.
    const tops = await strip(page).getByRole('listitem').evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(testInfo.project.name === 'phone' ? 3 : 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${testInfo.project.name}.png`) });

    // Orders today: the Orders tab on the paid orders of the India day.
    await figure(page, 'Orders today').click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?state=paid&from=${counted.day}&to=${counted.day}$`));
    await expect(page.getByRole('heading', { name: `${counted.paidOrders} Orders` })).toBeVisible();

    // To ship, from the keyboard: the Orders tab on the paid orders waiting to ship.
    await figure(page, 'To ship').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\?fulfilment=to-ship$/);
    await expect(page.getByRole('heading', { name: `${counted.toShip} Orders` })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Find orders' })).toContainText('Waiting to ship');

    // Low on stock: the Products tab with its Low stock filter on.
    await figure(page, 'Low on stock').click();
    await expect(page).toHaveURL(/\/admin\?tab=products&lowStock=true$/);
    await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('radio', { name: /^Low stock/ })).toBeChecked();
    await expect(page.getByLabel(`${counted.lowStock} products`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`dashboard-low-stock-${testInfo.project.name}.png`) });

    // The Products tab's filters are addressable: a reload keeps them.
    await page.reload();
    await expect(page.getByRole('radio', { name: /^Low stock/ })).toBeChecked({ timeout: 30_000 });
  });

  test('the strip refreshes when the admin comes back to the browser tab and after a change, and a failure leaves the tabs usable', { tag: DESKTOP_ONLY }, async ({ page, request }, testInfo) => {
    await atWidth(page, testInfo);
    const headers = await adminHeaders(request);
    await page.route('**/api/admin/figures', (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, code: 'UNAVAILABLE', message: 'Service unavailable' }) }));
    await signInAsAdmin(page);
    const failure = strip(page).getByRole('alert');
    await expect(failure).toContainText("Today's figures could not be loaded");
    // The tabs work meanwhile.
    await page.getByRole('tab', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: /Products/, level: 2 })).toBeVisible();
    await page.unroute('**/api/admin/figures');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toBeHidden();
    const base = await serverFigures(request, headers);
    await expect(value(page, 'Low on stock')).toHaveText(base.lowStock.toLocaleString('en-IN'));

    // A plant made scarce elsewhere (another admin, through the API) shows when the admin comes back to the tab.
    const name = `Figures Rotala ${Date.now().toString(36)}`;
    const res = await request.post('/api/admin/products', { headers, data: { name, description: 'For the figures spec', price: '90.00', stockQuantity: 1, category: 'midground', imageUrls: [] } });
    expect(res.status()).toBe(201);
    created.push((await res.json()) as Product);
    await expect(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(value(page, 'Low on stock')).toHaveText((base.lowStock + 1).toLocaleString('en-IN'), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // Deleted here, it leaves the count at once.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name, exact: true });
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Product' });
    await expect(confirm).toContainText('Are you sure you want to delete this product?');
    await animationsSettled(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully', { exact: true })).toBeVisible();
    created.splice(0);
    await expect(value(page, 'Low on stock')).toHaveText(base.lowStock.toLocaleString('en-IN'));
  });
});
