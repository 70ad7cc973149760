import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { products, signInDemoShopper } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * What every page load owes the browser (issue #14): no error in the console for a
 * signed-out visitor (no session to restore is a normal answer, not a 401), and exactly
 * one `<title>`, named after the page — on the pages the BFF renders on the server (`/`,
 * `/product/:id`) as on the others, and after moving between them in the app.
 */

/** Collects the console errors (failed requests included) of everything the page loads. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until the page's title is `title` (a page loaded on demand sets it once it renders) and it is the only one. */
async function expectOnlyTitle(page: Page, title: string, where: string): Promise<void> {
  await expect(page, where).toHaveTitle(title);
  await expect(page.locator('title'), where).toHaveCount(1);
}

test.describe('every page load', () => {
  test('a signed-out visit logs no console error', async ({ page, request }) => {
    const [plant] = await products(request);
    const errors = consoleErrors(page);
    for (const [path, heading] of [
      ['/', 'Featured Plants'],
      [`/product/${plant!.id}`, plant!.name],
      ['/auth', 'Sign In'],
    ] as const) {
      const restored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh');
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      // The session restore has been answered: no session, 200 with null.
      expect(await (await restored).json()).toBeNull();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });

  test('each page has one title, named after it', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
    const [plant] = await products(request);
    const pages = [
      ['/', 'Jalaj — Aquarium Plants Online in India'],
      [`/product/${plant!.id}`, `${plant!.name} — Jalaj`],
      ['/auth', 'Sign In — Jalaj'],
      ['/cart', 'Shopping Cart — Jalaj'],
      ['/about-us', 'About Us — Jalaj'],
      ['/no-such-page', 'Page not found — Jalaj'],
    ] as const;
    for (const [path, title] of pages) {
      await page.goto(path);
      await expectOnlyTitle(page, title, path);
    }

    await signInDemoShopper(page);
    await expectOnlyTitle(page, 'Jalaj — Aquarium Plants Online in India', 'after signing in');
    for (const [path, title] of [
      ['/orders', 'My Orders — Jalaj'],
      ['/profile', 'My Account — Jalaj'],
      ['/addresses', 'My Addresses — Jalaj'],
    ] as const) {
      await page.goto(path);
      await expectOnlyTitle(page, title, path);
    }

    // Moving inside the app, from a server-rendered page and back to one.
    await page.goto(`/product/${plant!.id}`);
    await page.getByRole('banner').getByRole('link', { name: 'Jalaj' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectOnlyTitle(page, 'Jalaj — Aquarium Plants Online in India', 'product → home');
    await page.goto('/about-us');
    await expectOnlyTitle(page, 'About Us — Jalaj', '/about-us');
    await page.getByRole('banner').getByRole('link', { name: 'Jalaj' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectOnlyTitle(page, 'Jalaj — Aquarium Plants Online in India', 'about → home');
  });
});
