import { formatRupees as rupees, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, test } from '@playwright/test';
import { addAddress, addToCart, KOLKATA } from '../support/checkout.js';
import { products, signInDemoShopper, toast } from '../support/shop.js';

/**
 * The shop as `docker compose` runs it (docker-compose.yml, every app from its image): the
 * seeded catalogue with its photos from the object store, and a purchase by the seeded demo
 * shopper through the PhonePe sandbox's published payment page. Nothing is answered by the
 * test: every request goes through the BFF container to the services' containers.
 */
const sandbox = process.env.E2E_SANDBOX_URL!;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('the shop under docker compose', () => {
  test('the landing page lists the seeded plants, with photos served by media from the object store', async ({ page }) => {
    const plants = await products(page.request);
    expect(plants.length, 'the demo catalogue').toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.getByText(plants[0].name).first()).toBeVisible();
    const photo = page.getByRole('main').locator('img').first();
    await expect(photo).toBeVisible();
    // Decoded, not only requested: the bytes came back from media and the S3 store.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  test('the demo shopper buys a plant: PhonePe sandbox, the success page, the stock lowered and the order listed', async ({ page }) => {
    const plant = (await products(page.request)).find((p) => p.stockQuantity >= 2);
    expect(plant, 'a plant in stock').toBeDefined();
    const stockOf = async (id: string) => ((await (await page.request.get(`/api/products/${id}`)).json()) as Product).stockQuantity;
    const before = await stockOf(plant!.id);

    await signInDemoShopper(page);
    // Compose runs a demo shop (DEMO_PAYMENTS=true): its pages say so.
    await expect(page.getByRole('complementary', { name: 'Demo notice' })).toHaveText('Demo shop: no real payments');
    await addToCart(page, plant!);
    await page.goto('/cart?checkout=true');
    await addAddress(page, KOLKATA);
    const payable = rupees(payableAmountPaise(plant!.pricePaise, REGIONAL_SHIPPING_PAISE));
    const card = page.getByRole('region', { name: 'Payment' });
    await expect(card.getByText(payable)).toBeVisible();
    await card.getByRole('button', { name: 'Pay with PhonePe' }).click();

    await expect(page).toHaveURL(new RegExp(`^${escape(sandbox)}/pay/`));
    await page.getByRole('button', { name: `Pay ${payable}` }).click();
    await expect(page).toHaveURL(/\/payment-success\?/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
    await expect(toast(page, 'Payment Successful!')).toBeVisible();
    const transactionId = new URL(page.url()).searchParams.get('transactionId');
    expect(transactionId).toBeTruthy();

    await expect.poll(() => stockOf(plant!.id), { message: 'the stock after the sale' }).toBe(before - 1);
    // The orders page as the shopper opens it: the order it loads is paid, and it shows the amount.
    await expect(async () => {
      const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'GET');
      await page.goto('/orders');
      const { items } = (await (await reply).json()) as { items: { state: string; transactionId: string | null }[] };
      expect(items.find((o) => o.transactionId === transactionId)?.state).toBe('paid');
    }, 'the paid order in the shopper’s orders').toPass({ timeout: 30_000 });
    await expect(page.getByRole('main').getByText(payable).first()).toBeVisible();
  });
});
