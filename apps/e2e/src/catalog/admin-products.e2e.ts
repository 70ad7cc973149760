import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { animationsSettled } from '../support/a11y.js';
import { chooseOption, signInAsAdmin } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The Products tab of the admin dashboard (issue #5) as an admin uses it: adding a product
 * with uploaded images, editing it, seeing the change on the storefront's API, deleting it,
 * and the image checks that refuse an upload. Sign-in is limited to 10 attempts per account
 * in 15 minutes and both projects run this file, so each test signs in at most once.
 */
const ADMIN = { email: 'admin@jalaj.shop', password: 'jalaj-admin-2026' } as const;

interface FilePayload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

interface StoredProduct {
  readonly id: string;
  readonly name: string;
  readonly pricePaise: number;
  readonly stockQuantity: number;
  readonly category: string;
  readonly imageUrls: string[];
  readonly plantDifficulty: string | null;
}

async function openProductsTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
}

async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const productCard = (page: Page, name: string): Locator => page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name, exact: true });

const imageInput = (dialog: Locator): Locator => dialog.locator('input[type="file"]');

// Real images from the shop's own demo catalogue: the server accepts only genuine image bytes.
async function demoImage(request: APIRequestContext, slug: string, name: string): Promise<FilePayload> {
  const res = await request.get(`/media/demo/${slug}/large.webp`);
  expect(res.ok()).toBe(true);
  return { name, mimeType: 'image/webp', buffer: await res.body() };
}

async function storedProduct(request: APIRequestContext, id: string): Promise<StoredProduct> {
  const res = await request.get(`/api/products/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredProduct;
}

async function findStoredProduct(request: APIRequestContext, name: string): Promise<StoredProduct | undefined> {
  const res = await request.get(`/api/products?q=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: StoredProduct[] };
  return items.find((p) => p.name === name);
}

// Deletes what a failed test left behind, through the API (one more sign-in, only after a failure).
async function removeLeftover(request: APIRequestContext, name: string): Promise<void> {
  const leftover = await findStoredProduct(request, name);
  if (!leftover) return;
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  await request.delete(`/api/admin/products/${leftover.id}`, { headers: { Authorization: `Bearer ${accessToken}` } });
}

test.describe('admin products', () => {
  test.describe('a product from creation to deletion', () => {
    const name = `E2E Rotala ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

    test.afterEach(async ({ request }, testInfo) => {
      if (testInfo.status !== testInfo.expectedStatus) await removeLeftover(request, name);
    });

    test('an admin adds a product with two uploaded images, edits it, sees it in the shop and deletes it', async ({ page, request }) => {
      test.setTimeout(90_000);
      const images = [await demoImage(request, 'anubias-nana', 'first.webp'), await demoImage(request, 'java-fern', 'second.webp')];
      await signInAsAdmin(page);
      await openProductsTab(page);

      // Create.
      const dialog = await openAddDialog(page);
      await expect(dialog.getByText('0/4', { exact: true })).toBeVisible();
      await dialog.getByLabel('Product Name').fill(name);
      await chooseOption(page, dialog, 'Category', 'Foreground');
      await dialog.getByLabel('Description').fill('A fast stem plant for the back of the tank.');
      await dialog.getByLabel('Price').fill('149.50');
      await dialog.getByLabel('Stock Quantity').fill('7');
      await chooseOption(page, dialog, 'Plant Difficulty', 'Easy');
      await imageInput(dialog).setInputFiles([...images]);
      await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
      await expect(dialog.getByText('2/4', { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Remove image \d$/ })).toHaveCount(2);
      await dialog.getByRole('button', { name: 'Create Product' }).click();
      await expect(page.getByText('Product created successfully', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();

      const card = productCard(page, name);
      await expect(card).toContainText('₹149.50');
      await expect(card).toContainText('Stock: 7');
      await expect(card).toContainText('FOREGROUND');
      // Newest first: the new product leads the list.
      await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toHaveAccessibleName(name);

      const created = await findStoredProduct(request, name);
      expect(created).toMatchObject({ pricePaise: 14950, stockQuantity: 7, category: 'foreground', plantDifficulty: 'easy' });
      expect(created!.imageUrls).toHaveLength(2);
      const [firstImage, secondImage] = created!.imageUrls;
      // The card shows the 600×600 variant of the main image.
      await expect(card.getByRole('img', { name })).toHaveAttribute('src', firstImage!.replace(/large\.webp$/, 'card.webp'));

      // Edit: a new price, and the first image removed.
      await card.getByRole('button', { name: 'Edit' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Product' });
      await expect(editDialog.getByLabel('Product Name')).toHaveValue(name);
      await expect(editDialog.getByLabel('Price')).toHaveValue('149.50');
      await expect(editDialog.getByText('2/4', { exact: true })).toBeVisible();
      await editDialog.getByLabel('Price').fill('175.25');
      await editDialog.getByRole('button', { name: 'Remove image 1' }).click();
      await expect(editDialog.getByText('1/4', { exact: true })).toBeVisible();
      await editDialog.getByRole('button', { name: 'Update Product' }).click();
      await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();
      await expect(editDialog).toBeHidden();
      await expect(card).toContainText('₹175.25');

      // The storefront's API serves the change.
      const updated = await storedProduct(request, created!.id);
      expect(updated).toMatchObject({ name, pricePaise: 17525, imageUrls: [secondImage] });
      expect((await request.get(secondImage!)).ok()).toBe(true);

      // And a shopper sees it in the storefront.
      const shop = await page.context().newPage();
      await shop.goto(`/product/${created!.id}`);
      await expect(shop.getByRole('heading', { name })).toBeVisible();
      await expect(shop.getByText('₹175.25').first()).toBeVisible();
      await shop.close();

      // Delete, confirmed.
      await card.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Product' });
      await expect(confirm).toContainText('Are you sure you want to delete this product?');
      // Pressed once the confirmation stopped moving (as the refund's dialog is): a CI run on a
      // busy machine saw the press while it zoomed in go nowhere, no request and no toast.
      await animationsSettled(page);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Product deleted successfully', { exact: true })).toBeVisible();
      await expect(card).toHaveCount(0);
      expect((await request.get(`/api/products/${created!.id}`)).status()).toBe(404);
    });
  });

  test('image checks refuse what the shop cannot take, and cancelling empties the dialog', { tag: DESKTOP_ONLY }, async ({ page }) => {
    const mediaRequests: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/admin/media') mediaRequests.push(req.url());
    });
    await signInAsAdmin(page);
    await openProductsTab(page);
    let dialog = await openAddDialog(page);
    await dialog.getByLabel('Product Name').fill('Not kept');

    // A text file renamed to .png passes the browser's check; the server reads its bytes and refuses it.
    await imageInput(dialog).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });
    await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
    await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to upload one or more images', { exact: true })).toBeVisible();
    await expect(dialog.getByText('0/4', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create Product' })).toBeEnabled();
    expect(mediaRequests).toHaveLength(1);

    // Five at once is refused before anything is sent.
    const png = { mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') };
    await imageInput(dialog).setInputFiles(['a', 'b', 'c', 'd', 'e'].map((n) => ({ ...png, name: `${n}.png` })));
    await expect(page.getByText('Too many images', { exact: true })).toBeVisible();
    await expect(page.getByText('Maximum 4 images per product.', { exact: true })).toBeVisible();
    expect(mediaRequests).toHaveLength(1);

    // Cancelling resets the form: the next Add starts empty.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    dialog = await openAddDialog(page);
    await expect(dialog.getByLabel('Product Name')).toHaveValue('');
    await expect(dialog.getByText('0/4', { exact: true })).toBeVisible();

    // An empty form is checked before anything is sent.
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(dialog.getByText('Product name is required')).toBeVisible();
    await expect(dialog.getByText('Price is required')).toBeVisible();
    await expect(dialog.getByText('Stock quantity is required')).toBeVisible();
  });
});
