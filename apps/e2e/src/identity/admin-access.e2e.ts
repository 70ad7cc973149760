import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { animationsSettled } from '../support/a11y.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The admin area as its users see it (issue #4): the admin login, the access check, the
 * read-only Users tab and making and unmaking admins in the Admins tab, against the demo
 * accounts the stack seeds. Every test leaves both demo accounts as it found them. Sign-in
 * is limited to 10 attempts per account in 15 minutes and both projects run this file, so
 * each test signs in at most once.
 */
const ADMIN = { email: 'admin@jalaj.shop', password: 'jalaj-admin-2026' } as const;
const SHOPPER = { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' } as const;

async function signInAtAdminLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  const submit = page.getByRole('button', { name: 'Sign In as Admin' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await submit.click();
}

async function signInAsAdmin(page: Page): Promise<void> {
  await signInAtAdminLogin(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

async function openTab(page: Page, name: 'Users' | 'Admins'): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

const adminRow = (page: Page, email: string): Locator =>
  page.getByRole('list', { name: 'Current Admin Users' }).getByRole('listitem').filter({ hasText: email });

async function addAdmin(page: Page, email: string): Promise<void> {
  const field = page.getByLabel('User Email');
  await field.fill(email);
  await page.getByRole('button', { name: 'Add Admin' }).click();
}

async function removeAdmin(page: Page, email: string): Promise<void> {
  await adminRow(page, email).getByRole('button', { name: 'Remove Admin' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Admin' });
  await expect(confirm).toContainText(email);
  // Pressed once the dialog stands still (it zooms in), as the refund's is.
  await animationsSettled(page);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
}

// Puts the shopper back to an ordinary user through the API, whatever a failed test left behind.
async function restoreShopper(request: APIRequestContext): Promise<void> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  const { accessToken } = await signIn.json();
  const res = await request.delete(`/api/admin/admins/${encodeURIComponent(SHOPPER.email)}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  // 409: the shopper is already no admin, which is what this restores.
  expect([200, 409]).toContain(res.status());
}

test.describe('admin access', { tag: DESKTOP_ONLY }, () => {
  test('a signed-out visitor to /admin is sent to the admin login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In as Admin' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact the system administrator' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');
  });

  test('an admin signs in and sees the dashboard with its four tabs', async ({ page }) => {
    await signInAtAdminLogin(page, ADMIN);
    await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Orders', 'Products', 'Users', 'Admins']);
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('banner')).toContainText(ADMIN.email);

    // Back on the login page while signed in as an admin: straight to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a shopper is denied admin access', async ({ page }) => {
    await signInAtAdminLogin(page, SHOPPER);
    await expect(page.getByText("You don't have admin privileges.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.goto('/admin');
    await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  });

  test('the Users tab lists the demo admin and the demo shopper', async ({ page }) => {
    await signInAsAdmin(page);
    await openTab(page, 'Users');
    await expect(page.getByRole('heading', { name: /^\d+ Total Users$/ })).toBeVisible();
    // Newest first, 24 a page: other specs' shoppers come before the demo accounts, so they are searched for.
    const users = page.getByRole('list', { name: 'Users' });
    const search = page.getByRole('searchbox', { name: 'Search users' });
    const admin = users.getByRole('listitem').filter({ hasText: ADMIN.email });
    const shopper = users.getByRole('listitem').filter({ hasText: SHOPPER.email });
    await search.fill(ADMIN.email);
    await expect(admin.getByText('admin', { exact: true })).toBeVisible();
    await search.fill(SHOPPER.email);
    await expect(shopper.getByText('user', { exact: true })).toBeVisible();
    await expect(shopper).toContainText(/Joined \d{2}\/\d{2}\/\d{2}/);
  });

  test.describe('making and unmaking admins', () => {
    // Only after a failure: sign-ins are rate limited per account, and a passing test
    // has already put the shopper back.
    test.afterEach(async ({ request }, testInfo) => {
      if (testInfo.status !== testInfo.expectedStatus) await restoreShopper(request);
    });

    test('the shopper becomes an admin once and loses the role once; an unknown email is not found', async ({ page, context }) => {
      await signInAsAdmin(page);
      await openTab(page, 'Admins');
      await expect(adminRow(page, ADMIN.email)).toContainText('Admin since');
      await expect(adminRow(page, SHOPPER.email)).toHaveCount(0);

      await addAdmin(page, `nobody-${Date.now()}@jalaj.shop`);
      await expect(page.getByText('User not found with that email address')).toBeVisible();

      await addAdmin(page, SHOPPER.email);
      await expect(page.getByText('Successfully made the given email an admin')).toBeVisible();
      await expect(adminRow(page, SHOPPER.email)).toBeVisible();
      await expect(page.getByLabel('User Email')).toHaveValue('');

      await addAdmin(page, SHOPPER.email);
      await expect(page.getByText('User is already an admin')).toBeVisible();

      // A second tab still lists the shopper as an admin when the first removes the role.
      const second = await context.newPage();
      await second.goto('/admin?tab=admins');
      await expect(adminRow(second, SHOPPER.email)).toBeVisible();

      await removeAdmin(page, SHOPPER.email);
      await expect(page.getByText('Successfully removed admin role from the given email')).toBeVisible();
      await expect(adminRow(page, SHOPPER.email)).toHaveCount(0);

      await removeAdmin(second, SHOPPER.email);
      await expect(second.getByText('User is not an admin')).toBeVisible();
      await expect(adminRow(second, SHOPPER.email)).toHaveCount(0);
    });
  });
});
