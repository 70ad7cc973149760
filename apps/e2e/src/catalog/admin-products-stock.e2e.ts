import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { Product } from '@jalaj/contracts';
import { ADMIN, chooseOption, signInAsAdmin } from '../support/shop.js';

/**
 * The Products tab at scale (issue #14): the search by name, the "Low stock" filter, the
 * order by stock, the low-stock and out-of-stock badges, and the empty state, at a phone's
 * width (390 px) and a desktop's (1440 px). The shop runs with the default threshold, 5.
 * The spec's own plants share a tag in their names, so the search keeps the rest of the
 * catalogue (and other specs' plants) out of its grid.
 */
const tag = `stk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PLANTS = [
  { name: `Sold-out Riccia ${tag}`, stockQuantity: 0 },
  { name: `Scarce Bucephalandra ${tag}`, stockQuantity: 5 },
  { name: `Plenty Vallisneria ${tag}`, stockQuantity: 40 },
] as const;
const [soldOut, scarce, plenty] = PLANTS;

const grid = (page: Page): Locator => page.getByRole('list', { name: 'Products' });
/** The grid's cards (an antd card's own action bar is a list too). */
const cards = (page: Page): Locator => grid(page).locator(':scope > [role="listitem"]');
const card = (page: Page, name: string): Locator => grid(page).getByRole('listitem', { name, exact: true });

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  return { Authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

async function openProductsTab(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(grid(page)).toBeVisible();
}

test.describe('admin products: search, low stock and stock order', () => {
  const created: Product[] = [];

  test.beforeEach(async ({ request }) => {
    const headers = await adminHeaders(request);
    for (const plant of PLANTS) {
      const res = await request.post('/api/admin/products', { headers, data: { ...plant, description: 'For the stock spec', price: '80.00', category: 'midground', imageUrls: [] } });
      expect(res.status()).toBe(201);
      created.push((await res.json()) as Product);
    }
  });

  test.afterEach(async ({ request }) => {
    const headers = await adminHeaders(request);
    for (const product of created.splice(0)) await request.delete(`/api/admin/products/${product.id}`, { headers });
  });

  test('an admin finds plants by name, sees which run low, keeps only those and orders them by stock', async ({ page }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
    await openProductsTab(page);

    // The search is by name, case-insensitive, and typed from the keyboard.
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.focus();
    await page.keyboard.type(tag.toUpperCase());
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByRole('heading', { name: /Products/ }).getByLabel('3 products')).toBeVisible();

    // Badges: 0 is out of stock, 5 (the threshold) is low, 40 is neither. The spec's card texts stay.
    await expect(card(page, soldOut.name)).toContainText('Stock: 0');
    await expect(card(page, soldOut.name)).toContainText('Out of stock');
    await expect(card(page, scarce.name)).toContainText('Stock: 5');
    await expect(card(page, scarce.name)).toContainText('Low stock');
    await expect(card(page, scarce.name)).not.toContainText('Out of stock');
    await expect(card(page, plenty.name)).toContainText('Stock: 40');
    await expect(card(page, plenty.name)).not.toContainText(/Low stock|Out of stock/);
    await expect(card(page, plenty.name)).toContainText('₹80.00');
    await expect(card(page, plenty.name).getByRole('button', { name: 'Edit' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('products-search.png'), fullPage: true });

    // Newest first by default; then by stock, both ways.
    const shownNames = grid(page).getByRole('heading', { level: 3 });
    await expect(shownNames).toHaveText([plenty.name, scarce.name, soldOut.name]);
    await chooseOption(page, page, 'Sort products', 'Stock: low to high');
    await expect(shownNames).toHaveText([soldOut.name, scarce.name, plenty.name]);
    await chooseOption(page, page, 'Sort products', 'Stock: high to low');
    await expect(shownNames).toHaveText([plenty.name, scarce.name, soldOut.name]);

    // "Low stock" (chosen with the arrow key, as radios are) keeps the plants at or under the threshold, 0 included.
    await page.getByRole('radio', { name: 'All products' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Low stock (≤ 5)' })).toBeChecked();
    await expect(shownNames).toHaveText([scarce.name, soldOut.name]);
    await page.screenshot({ path: testInfo.outputPath('products-low-stock.png'), fullPage: true });

    // Nothing matches: the empty state, and Clear filters brings every product back.
    await search.fill(`${tag} nothing`);
    await expect(page.getByText('No products match', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('products-empty.png'), fullPage: true });
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'All products' })).toBeChecked();
    await expect(cards(page)).toHaveCount(24);
    const pages = page.locator('.products-pagination');
    await pages.getByTitle('2', { exact: true }).click();
    await expect(pages.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(cards(page).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('products-page-2.png'), fullPage: true });
  });
});
