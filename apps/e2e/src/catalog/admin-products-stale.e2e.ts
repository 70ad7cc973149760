import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { AdminProduct } from '@jalaj/contracts';
import { ADMIN, signInAsAdmin } from '../support/shop.js';

/**
 * A stale save in the Edit Product dialog (issue #38, item 5): the admin opens a product,
 * someone else saves it meanwhile, the admin saves. The save is refused, the form says so
 * and shows the product as it is now; saved again, it goes through. At a phone's width
 * (the phone project) and a desktop's.
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

const card = (page: Page, cardName: string) => page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name: cardName, exact: true });

test.describe('admin products: a stale edit', () => {
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
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Products' }).click();
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(tag);
    await card(page, name).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByLabel('Product Name')).toHaveValue(name);
    await expect(dialog.getByLabel('Stock Quantity')).toHaveValue('3');

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
    await expect(notice).toBeVisible();
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
});
