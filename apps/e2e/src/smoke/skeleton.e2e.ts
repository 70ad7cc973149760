import { expect, test } from '@playwright/test';
import { opsUrl } from '../support/stack.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The walking skeleton as a shopper and an admin see it: the plant list on `/` comes from
 * the catalog's PostgreSQL table through NATS and the BFF; `/admin` loads the admin app.
 */
test.describe('walking skeleton', () => {
  test('every service reports healthy through the BFF (on its ops port; not on the shop)', { tag: DESKTOP_ONLY }, async ({ request }) => {
    const res = await request.get(`${opsUrl()}/health`);
    expect(res.ok()).toBe(true);
    expect((await request.get('/api/health')).status()).toBe(404);
    const health = await res.json();
    expect(health.status).toBe('up');
    expect(Object.keys(health.services).sort()).toEqual(['cart', 'catalog', 'identity', 'media', 'order']);
    for (const s of Object.values(health.services) as { status: string }[]) expect(s.status).toBe('up');
  });

  test('the landing page lists the plants from the catalog', async ({ page, request }) => {
    const { items } = await (await request.get('/api/products')).json();
    expect(items.length).toBeGreaterThan(0);

    await page.goto('/');
    const plants = page.locator('#plants');
    await expect(plants.getByRole('heading', { name: 'Featured Plants' })).toBeVisible();
    const first = plants.getByRole('article').filter({ hasText: items[0].name });
    await expect(first).toBeVisible();
    await expect(first).toContainText('₹249.00');
    await expect(plants.getByRole('article')).toHaveCount(items.length);
    await expect(first.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/product/${items[0].id}`);
  });

  test('Add to Cart asks a signed-out visitor to sign in', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/');
    await page.locator('#plants').getByRole('button', { name: /Add to Cart/ }).first().click();
    await expect(page.getByText('You need to be signed in to add items to cart')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-plant');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the admin app loads at /admin and sends a signed-out visitor to the admin login', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In as Admin' })).toBeDisabled();
  });
});
