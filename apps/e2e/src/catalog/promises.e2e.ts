import type { AdminProduct } from '@jalaj/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { violations } from '../support/a11y.js';
import { ADMIN, products, signInAsAdmin, signUpShopper, toast } from '../support/shop.js';

/**
 * Issue #41 on the product page and the landing grid, at a desktop's and a phone's size:
 * Check delivery (the charge and time for a PIN, the spec's refusal, the signed-in
 * shopper's default PIN filled in) and Notify Me for a sold-out plant (a visitor asked to
 * sign in, set on the page and seen on its card, cancelled, the admin's count, and the one
 * mail when the plant is back).
 */

async function bearer(request: APIRequestContext, credentials: { email: string; password: string }): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in', { data: credentials });
  expect(signIn.ok()).toBe(true);
  return { Authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

const delivery = (page: Page) => page.getByRole('region', { name: 'Delivery' });

test.describe('promises kept before checkout', () => {
  test('Check delivery answers a PIN with the charge and time checkout uses, refuses a bad one, and fills in the default PIN', async ({ page }, testInfo) => {
    const plant = (await products(page.request)).find((p) => p.stockQuantity > 0)!;
    await page.goto(`/product/${plant.id}`);
    const box = delivery(page);
    const pin = box.getByLabel('PIN code');
    const answer = box.getByRole('status');

    await pin.fill('70001');
    await box.getByRole('button', { name: 'Check delivery' }).click();
    await expect(box.getByText('Invalid postal code. Must be 6 digits.')).toBeVisible();
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
    await expect(answer).toBeEmpty();

    // Letters never reach the field; Enter asks as the button does.
    await pin.fill('');
    await pin.pressSequentially('7000a16');
    await expect(pin).toHaveValue('700016');
    await pin.press('Enter');
    await expect(answer).toHaveText('Delivery to 700016: ₹75 shipping, 3-5 business days');
    await expect(box.getByText('Invalid postal code. Must be 6 digits.')).toHaveCount(0);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('check-delivery.png') });
    expect(await violations(page)).toEqual([]);

    await pin.fill('744101');
    await box.getByRole('button', { name: 'Check delivery' }).click();
    await expect(answer).toHaveText('Delivery to 744101: ₹150 shipping, 3-5 business days');

    // A shopper whose default shipping address is in Bengaluru sees it answered at once.
    const email = await signUpShopper(page, 'pin');
    const headers = await bearer(page.request, { email, password: 'aquarium1' });
    const address = await page.request.post('/api/me/addresses', {
      headers,
      data: { nickname: 'Home', fullName: 'Ravi Rao', phone: '9830012345', addressLine1: '4 MG Road', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', country: 'India', addressType: 'both' },
    });
    expect(address.status()).toBe(201);
    expect((await page.request.post(`/api/me/addresses/${(await address.json()).id}/default-shipping`, { headers })).ok()).toBe(true);
    await page.goto(`/product/${plant.id}`);
    await expect(pin).toHaveValue('560001');
    await expect(answer).toHaveText('Delivery to 560001: ₹150 shipping, 3-5 business days');
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('check-delivery-default-pin.png') });
  });

  test.describe('Notify Me', () => {
    let plant: AdminProduct;
    let adminHeaders: Record<string, string>;

    test.beforeEach(async ({ request }) => {
      adminHeaders = await bearer(request, ADMIN);
      const res = await request.post('/api/admin/products', { headers: adminHeaders, data: { name: `Sold-out Buce ${Date.now().toString(36)}`, description: 'Back soon', price: '180.00', stockQuantity: 0, category: 'midground', imageUrls: [] } });
      expect(res.status()).toBe(201);
      plant = (await res.json()) as AdminProduct;
    });

    test.afterEach(async ({ request }) => {
      await request.delete(`/api/admin/products/${plant.id}`, { headers: adminHeaders });
    });

    const card = (page: Page) => page.locator('#plants').getByRole('article').filter({ has: page.getByRole('heading', { name: plant.name, exact: true }) });
    const grid = (page: Page) => page.goto(`/?q=${encodeURIComponent(plant.name)}#plants`);

    test('a visitor is asked to sign in; a shopper sets it, sees it on the card, cancels it, the admin sees who waits, and the restock mails once', async ({ page, browser }, testInfo) => {
      // Signed out: on the card, 'Please sign in' and the sign-in page; on the plant's page, 'Authentication Required'.
      await grid(page);
      await expect(card(page).getByText('Sold out')).toBeVisible();
      await expect(card(page).getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
      await card(page).getByRole('button', { name: `Notify Me: ${plant.name}` }).click();
      await expect(toast(page, 'Please sign in')).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      await page.goto(`/product/${plant.id}`);
      await page.getByRole('button', { name: `Notify Me: ${plant.name}` }).click();
      await expect(toast(page, 'Authentication Required')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/product/${plant.id}$`));

      const email = await signUpShopper(page, 'notify');
      await page.goto(`/product/${plant.id}`);
      await expect(page.getByText('Out of stock')).toBeVisible();
      await page.getByRole('button', { name: `Notify Me: ${plant.name}` }).click();
      await expect(toast(page, 'We will email you when it is back in stock.')).toBeVisible();
      await expect(page.getByRole('button', { name: `You will be notified: ${plant.name}` })).toBeVisible();
      await page.getByRole('button', { name: `Cancel alert: ${plant.name}` }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('notify-me-page.png') });

      // The card says the same, and undoes it.
      await grid(page);
      const notified = card(page).getByRole('button', { name: `You will be notified: ${plant.name}` });
      await expect(notified).toBeVisible();
      await card(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('notify-me-card.png') });
      expect(await violations(page)).toEqual([]);
      await card(page).getByRole('button', { name: `Cancel alert: ${plant.name}` }).click();
      await expect(toast(page, 'We will not email you about this plant.')).toBeVisible();
      await expect(card(page).getByRole('button', { name: `Notify Me: ${plant.name}` })).toBeVisible();
      await card(page).getByRole('button', { name: `Notify Me: ${plant.name}` }).click();
      await expect(notified).toBeVisible();

      // The admin's Products tab counts the shopper waiting.
      const adminPage = await browser.newPage({ viewport: page.viewportSize()! });
      await signInAsAdmin(adminPage);
      await adminPage.getByRole('tab', { name: 'Products' }).click();
      await adminPage.getByRole('searchbox', { name: 'Search products' }).fill(plant.name);
      const adminCard = adminPage.getByRole('list', { name: 'Products' }).getByRole('listitem', { name: plant.name, exact: true });
      await expect(adminCard).toContainText('1 shopper waiting');
      await adminCard.scrollIntoViewIfNeeded();
      await adminPage.screenshot({ path: testInfo.outputPath('admin-waiting.png') });
      await adminPage.close();

      // Back in stock: one mail, linking to the plant; the request is used up.
      const restock = await page.request.patch(`/api/admin/products/${plant.id}`, {
        headers: adminHeaders,
        data: { name: plant.name, description: plant.description, price: '180.00', stockQuantity: 5, category: 'midground', imageUrls: [], version: plant.version, loadedStockQuantity: 0 },
      });
      expect(restock.status()).toBe(200);
      const mails = async () => {
        const { items } = (await (await page.request.get('/dev/mailbox.json')).json()) as { items: { to: string; subject: string; links: string[] }[] };
        return items.filter((m) => m.to === email && m.subject === `${plant.name} is back in stock at Jalaj`);
      };
      await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
      expect(new URL((await mails())[0]!.links[0]!).pathname).toBe(`/product/${plant.id}`);
      await page.goto(`/product/${plant.id}`);
      await expect(page.getByRole('button', { name: 'Add 1 to Cart' })).toBeEnabled();
      await expect(page.getByText('5 in stock')).toBeVisible();
      expect((await (await page.request.get('/api/me/stock-alerts', { headers: await bearer(page.request, { email, password: 'aquarium1' }) })).json()).productIds).toEqual([]);
    });
  });
});

