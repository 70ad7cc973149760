import { renderMessage } from '@jalaj/commerce';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { violations } from '../support/a11y.js';
import { payThroughApi } from '../support/orders.js';
import { signInAsAdmin, signUpShopper } from '../support/shop.js';

/**
 * The Users tab at scale (issue #14): the search by name or email, the pages, the count of
 * matches beside 'N Total Users', an account's drawer (profile, addresses, paid orders and
 * total spent) opened from the keyboard, its "View orders" link to the Orders tab filtered
 * to that customer, 'No users match', and an outage's text; at 390 px and 1440 px. The
 * spec's accounts share a tag in their emails, so the search keeps everyone else out.
 */
const PAGED = 25;

const usersList = (page: Page): Locator => page.getByRole('list', { name: 'Users', exact: true });
const cards = (page: Page): Locator => usersList(page).locator(':scope > [role="listitem"]');
const matches = (page: Page): Locator => page.getByRole('search', { name: 'Find users' }).getByRole('status');

test('an admin finds users by name or email, pages through them, opens one and goes to their orders', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  const tag = `usrtab${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

  // 25 accounts signed up one after another (an account waiting for its confirmation is a user too)…
  for (let i = 1; i <= PAGED; i++) {
    const n = String(i).padStart(2, '0');
    const res = await page.request.post('/api/auth/sign-up', { data: { email: `${tag}-${n}@example.in`, password: 'aquarium1', fullName: `Paging ${tag} ${n}` } });
    expect(res.status()).toBe(201);
  }
  // …and, newest, a shopper who buys a plant (over HTTP: the purchase pages are the checkout specs' subject, ADR 042).
  const email = await signUpShopper(page, tag);
  const order = await payThroughApi(page.request);

  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  const heading = page.getByRole('heading', { name: /^\d+ Total Users$/ });
  // The first page comes after the dashboard's Orders tab has loaded: generous on a busy machine.
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const totalText = await heading.textContent();

  // The search, case-insensitive, by email; 26 match, newest first, 24 a page.
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(tag.toUpperCase());
  await expect(matches(page)).toHaveText('26 users match');
  await expect(cards(page)).toHaveCount(24);
  await expect(cards(page).first()).toContainText(email);
  await expect(cards(page).nth(1)).toContainText(`Paging ${tag} 25`);
  await expect(heading).toHaveText(totalText!);
  await expect(page).toHaveURL(/[?&]users-q=/);
  await page.screenshot({ path: testInfo.outputPath('users-search.png'), fullPage: true });

  // Page 2 holds the two oldest; the total stays every account; a reload keeps the search and the page.
  const pager = page.locator('.users-pagination');
  await pager.getByTitle('2', { exact: true }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page)).toContainText([`Paging ${tag} 02`, `Paging ${tag} 01`]);
  await expect(page).toHaveURL(/[?&]users-page=2/);
  await page.reload();
  await expect(search).toHaveValue(tag.toUpperCase());
  await expect(cards(page)).toHaveCount(2);
  await expect(heading).toBeVisible();

  // The shopper's card, opened from the keyboard: the drawer shows the profile, the address and the paid order.
  await search.fill(email);
  await expect(matches(page)).toHaveText('1 user matches');
  await expect(cards(page)).toHaveCount(1);
  await cards(page).getByRole('button').focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Test Shopper' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(email);
  await expect(drawer.getByRole('row', { name: /Paid orders/ })).toContainText('1');
  await expect(drawer.getByRole('row', { name: /Total spent/ })).toContainText(order.payable);
  await expect(drawer.getByRole('listitem', { name: 'Home' })).toContainText('12 Park Street');
  await expect(drawer.getByRole('listitem', { name: 'Home' })).toContainText('Kolkata 700016');
  expect(await violations(page), 'the user drawer').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('user-drawer.png'), fullPage: true });

  // View orders: the Orders tab with this customer's orders only, the filter a removable chip.
  await drawer.getByRole('link', { name: 'View orders' }).click();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]customer=usr_/);
  const chip = page.locator('.orders-toolbar__customer');
  await expect(chip).toHaveText(/Customer: Test Shopper/);
  // The list's own items (each card lists its lines too).
  const orders = page.getByRole('list', { name: 'Orders', exact: true }).locator(':scope > li');
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(email);
  await expect(orders.first()).toContainText(order.payable);
  await expect(page.getByRole('heading', { name: '1 Orders' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('customer-orders.png'), fullPage: true });
  await chip.getByRole('button', { name: 'Remove customer filter' }).click();
  await expect(page).not.toHaveURL(/customer=/);
  await expect(chip).toHaveCount(0);

  // Nothing matches: its own state, not the spec's "no users at all".
  await page.getByRole('tab', { name: 'Users' }).click();
  await search.fill(`${tag}-nobody`);
  await expect(page.getByText('No users match', { exact: true })).toBeVisible();
  await expect(matches(page)).toHaveText('0 users match');
  await expect(page.getByText('No Users Found')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('users-no-match.png'), fullPage: true });

  // The shop unavailable: its own words, and no count left over from the last search.
  await page.route('**/api/admin/users?*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, code: 'UNAVAILABLE', message: renderMessage('UNAVAILABLE').message }) }),
  );
  await search.fill(`${tag}-outage`);
  await expect(page.getByRole('alert').filter({ hasText: renderMessage('UNAVAILABLE').message })).toBeVisible();
  await expect(matches(page)).toHaveText('');
  await expect(page.getByText('An unexpected error occurred')).toHaveCount(0);
  // Nor the last search's verdict under the new search's words.
  await expect(page.getByText('No users match', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('users-unavailable.png'), fullPage: true });
});
