import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY } from '../support/tags.js';

test('the API docs render every route group from the shop origin, without CSP violations', { tag: DESKTOP_ONLY }, async ({ page }, testInfo) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text());
  });
  // Every script, style and image comes from the shop itself (no CDN).
  const origin = new URL(testInfo.project.use.baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).origin !== origin) outside.push(r.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Jalaj shop API/ })).toBeVisible();
  for (const tag of ['auth', 'me', 'products', 'cart', 'admin', 'media']) await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  await expect(page.locator('#operations-tag-cart').locator('..').getByText('/api/cart/items', { exact: true }).first()).toBeVisible();
  // The default dialect of OpenAPI 3.1 is JSON Schema 2020-12: nothing for the UI to warn about.
  await expect(page.getByText('Warning', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('api-docs.png'), fullPage: false });
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
