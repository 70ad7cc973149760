import {
  categoryLabel,
  DISCOUNT_TIERS,
  discountPercentLabel,
  discountTierFor,
  discountTierLabel,
  formatRupees,
  linePricing,
} from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * Browsing the shop as a visitor: the Featured Plants search and filters (kept in the
 * query string), a product page with its volume-discount pricing, nudge and Discounts
 * dialog, an unknown product, and the static pages reached from the footer.
 */

async function listProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/products');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: Product[] }).items;
}

const plants = (page: Page) => page.locator('#plants');

test.describe('browsing the catalogue', () => {
  test('search and the category filter live in the URL, survive a reload and can be cleared', async ({ page, request }) => {
    const items = await listProducts(request);
    const target = items.find((p) => p.category === 'foreground') ?? items[0]!;
    const sameCategory = items.filter((p) => p.category === target.category);
    const query = target.name.slice(0, 4).toLowerCase();
    const matching = sameCategory.filter((p) => p.name.toLowerCase().includes(query));

    await page.goto('/');
    const section = plants(page);
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(items.length);

    await section.getByLabel('Category').selectOption(target.category);
    await expect(page).toHaveURL((url) => url.searchParams.get('category') === target.category);
    await expect(cards).toHaveCount(sameCategory.length);

    const search = section.getByRole('searchbox', { name: 'Search' });
    await search.fill(query);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === query && url.searchParams.get('category') === target.category);
    await expect(cards).toHaveCount(matching.length);
    await expect(cards.filter({ hasText: target.name })).toBeVisible();

    await page.reload();
    await expect(section.getByLabel('Category')).toHaveValue(target.category);
    await expect(search).toHaveValue(query);
    await expect(cards).toHaveCount(matching.length);

    await search.fill('no plant is called this');
    await expect(section.getByText('No plants match your filters')).toBeVisible();
    await expect(cards).toHaveCount(0);
    await section.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(search).toHaveValue('');
    await expect(cards).toHaveCount(items.length);
  });

  test('a product page prices the chosen quantity with the volume discount', async ({ page, request }) => {
    const items = await listProducts(request);
    const product = items.find((p) => p.stockQuantity >= 5 && p.pricePaise > 0);
    expect(product, 'a demo plant with at least 5 in stock').toBeDefined();

    await page.goto('/');
    await plants(page).getByRole('link', { name: `View Details: ${product!.name}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/product/${product!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(page.getByText(categoryLabel(product!.category), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plants Information' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add 1 to Cart' })).toBeEnabled();

    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveValue('2');
    const nudge = page.getByText('Add 1 more to get 5% off', { exact: true });
    await expect(nudge).toBeVisible();
    // The nudge goes after 4 seconds, well within the assertion's timeout.
    await expect(nudge).toBeHidden();

    await quantity.fill('5');
    const pricing = linePricing(product!.pricePaise, 5);
    expect(pricing.discountPercent).toBeGreaterThan(0);
    const summary = page.getByRole('group', { name: 'Price summary' });
    await expect(summary).toContainText(formatRupees(pricing.unitPricePaise));
    await expect(summary).toContainText(formatRupees(pricing.discountedUnitPricePaise));
    await expect(summary).toContainText(formatRupees(pricing.lineTotalPaise));
    await expect(summary).toContainText(`You save ${formatRupees(pricing.savingsPaise)}`);
    await expect(summary).toContainText(`${pricing.discountPercent}% off`);
    await expect(page.getByRole('button', { name: 'Add 5 to Cart' })).toBeVisible();

    await page.getByRole('button', { name: 'Discounts', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const rows = dialog.getByRole('row');
    for (const tier of DISCOUNT_TIERS) {
      await expect(rows.filter({ hasText: discountTierLabel(tier) })).toContainText(discountPercentLabel(tier));
    }
    await expect(rows.filter({ hasText: 'Your quantity' })).toContainText(discountTierLabel(discountTierFor(5)));
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an unknown product id shows Product not found with a way back to the shop', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/product/prd_00000000000000000000000000');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Shop' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.hash === '#plants');
    await expect(plants(page).getByRole('heading', { name: 'Featured Plants' })).toBeVisible();
  });

  const STATIC_PAGES: readonly { readonly link: string; readonly path: string; readonly heading: string; readonly texts: readonly string[] }[] = [
    { link: 'About Us', path: '/about-us', heading: 'About Us', texts: ['Our story', 'Our mission', 'Our impact', 'Why choose Jalaj', 'Get in touch'] },
    { link: 'Terms & Conditions', path: '/terms-conditions', heading: 'Terms & Conditions', texts: ['30-day guarantee'] },
    { link: 'Privacy Policy', path: '/privacy-policy', heading: 'Privacy Policy', texts: ['What we collect'] },
    { link: 'Refund Policy', path: '/refund-policy', heading: 'Refund Policy', texts: ['No return no refund.', '30-day guarantee'] },
    { link: 'Shipping Policy', path: '/shipping-policy', heading: 'Shipping Policy', texts: ['within 7 business days', '3-5 business days'] },
  ];

  // From another page the plant list loads after the route changes and grows by thousands of
  // pixels: the scroll to a section below it waits for it, or would land in the middle of it.
  test('the footer’s section links lead from another page to their section, below the loaded plants', async ({ page }) => {
    for (const { link, id } of [
      { link: 'Care Guide', id: 'care-guide' },
      { link: 'All Plants', id: 'plants' },
    ]) {
      await page.goto('/about-us');
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.hash === `#${id}`);
      const section = page.locator(`#${id}`);
      await expect(section).toBeFocused();
      await expect(plants(page).getByRole('article').first()).toBeVisible();
      await expect(plants(page)).toHaveAttribute('aria-busy', 'false');
      // At the top of the window, right under the sticky header.
      const belowHeader = () => page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top - document.querySelector('header.site-header')!.getBoundingClientRect().bottom, id);
      await expect.poll(belowHeader, { message: `#${id}'s distance below the header` }).toBeGreaterThanOrEqual(-2);
      await expect.poll(belowHeader, { message: `#${id}'s distance below the header` }).toBeLessThanOrEqual(32);
    }
  });

  // The footer at phone size once (the first page); the other pages' links and texts are the same at any size.
  for (const [i, { link, path, heading, texts }] of STATIC_PAGES.entries()) {
    test(`${heading} is reachable from the footer and leads back home`, i === 0 ? {} : { tag: DESKTOP_ONLY }, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const text of texts) await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(plants(page).getByRole('heading', { name: 'Featured Plants' })).toBeVisible();
    });
  }
});
