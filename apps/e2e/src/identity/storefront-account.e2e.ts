import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { fillAddress, headerSignOut, HEADER_MENU_BREAKPOINT, signedInLink, signUpShopper } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The shopper's account in the storefront against the real shop: sign-up with the mailed
 * confirmation link, sign-in and sign-out, the profile, the address book and a password
 * reset through the mailed link. Mails are read from the development mailbox.
 */

interface MailboxItem {
  kind: 'mail' | 'sms';
  to: string;
  subject: string;
  links: string[];
  createdAt: string;
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;

/**
 * The newest mailed link to `to` whose path starts with `pathPrefix`, as a path on the shop
 * under test (the mail names the shop's public URL, which need not be the test's port).
 */
async function mailedLink(request: APIRequestContext, to: string, pathPrefix: string, after = ''): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/mailbox.json');
        if (!res.ok()) return undefined;
        const { items } = (await res.json()) as { items: MailboxItem[] };
        found = items
          .filter((m) => m.kind === 'mail' && m.to.toLowerCase() === to.toLowerCase() && m.createdAt > after)
          .flatMap((m) => m.links)
          .find((link) => new URL(link).pathname.startsWith(pathPrefix));
        return found;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link`, timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}


/**
 * A header link, opening the menu first on a narrow screen. Decided by the viewport, not
 * by whether the link happens to be visible yet: the header may still be rendering.
 */
async function headerLink(page: Page, name: string): Promise<Locator> {
  const link = page.getByRole('banner').getByRole('link', { name, exact: true });
  if ((page.viewportSize()?.width ?? HEADER_MENU_BREAKPOINT) < HEADER_MENU_BREAKPOINT) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  }
  await expect(link).toBeVisible();
  return link;
}

// The newest match: an earlier toast with the same text may still be on screen.
const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).last();

async function signUp(page: Page, fullName: string, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOutFromHeader(page: Page) {
  await (await headerSignOut(page)).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test.describe('storefront account', () => {
  test('signed-out visitors are asked to log in on the profile and address pages', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByText('Please log in to view your profile')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

    await page.goto('/addresses');
    await expect(page.getByText('Please log in to manage your addresses')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('a shopper signs up, confirms, edits the profile, manages addresses and resets the password', async ({ page, request }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('shopper');
    const password = 'aquarium1';
    const newPassword = 'riccia-carpet2';

    await test.step('sign up and confirm from the mailed link', async () => {
      await signUp(page, 'Test Shopper', email, password);
      await expect(toast(page, 'Account created!')).toBeVisible();
      await expect(toast(page, 'Please check your email to verify your account.')).toBeVisible();

      // The link confirms and lands on the site root, which says so and asks to sign in: it
      // never signs the browser in (a page on another site could open an attacker's link).
      await page.goto(await mailedLink(request, email, '/api/auth/confirm'));
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, 'Email confirmed')).toBeVisible();
      await expect(toast(page, 'Your email is confirmed. Please sign in to start shopping.')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    });

    await test.step('sign in, sign out and sign in again', async () => {
      await signIn(page, email, password);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Cart' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
      await signOutFromHeader(page);
      await signIn(page, email, password);
      await expect(toast(page, 'Welcome back!')).toBeVisible();
      await expect(toast(page, 'You have successfully signed in.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(signedInLink(page)).toBeVisible();

      // A signed-in shopper who opens the sign-in page is sent home.
      await page.goto('/auth');
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('edit the full name on My Account', async () => {
      await (await headerLink(page, 'My Account')).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
      const fullName = page.getByLabel('Full Name');
      await expect(fullName).toHaveValue('Test Shopper');
      await expect(fullName).toBeDisabled();
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Email')).toBeDisabled();
      await expect(page.getByText('Email address cannot be modified')).toBeVisible();
      await expect(page.getByText('Account Type').locator('..')).toContainText('User');
      await expect(page.getByText('Member Since').locator('..')).toContainText(String(new Date().getFullYear()));

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(fullName).toBeEnabled();
      await expect(page.getByLabel('Email')).toBeDisabled();
      await fullName.fill('Asha Sen');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Profile updated successfully')).toBeVisible();
      await expect(fullName).toBeDisabled();
      await expect(fullName).toHaveValue('Asha Sen');

      await page.reload();
      await expect(page.getByLabel('Full Name')).toHaveValue('Asha Sen');
    });

    await test.step('add an address, after fixing what validation points out', async () => {
      await page.goto('/addresses');
      await expect(page.getByRole('heading', { name: 'My Addresses' })).toBeVisible();
      await expect(page.getByText('No addresses found - Add your first address to start shopping with us')).toBeVisible();

      await page.getByRole('button', { name: 'Add New Address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Address' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Country')).toHaveValue('India');
      await fillAddress(dialog, { fullName: 'A', phone: '98765', postalCode: 'ab7000' });
      await expect(dialog.getByLabel('Postal Code')).toHaveValue('7000');
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(dialog.getByText('Full name must be at least 2 characters')).toBeVisible();
      await expect(dialog.getByText('Phone number must be at least 10 digits')).toBeVisible();
      await expect(dialog.getByText('Address line 1 is required')).toBeVisible();
      await expect(dialog.getByText('City is required')).toBeVisible();
      await expect(dialog.getByText('State is required')).toBeVisible();
      await expect(dialog.getByText('Postal code must be exactly 6 digits')).toBeVisible();
      await expect(dialog.getByLabel('Full Name')).toBeFocused();

      await fillAddress(dialog, {
        nickname: 'Home',
        fullName: 'Asha Sen',
        phone: '9876543210',
        line1: '12B Lake Road, Ballygunge',
        city: 'Kolkata',
        state: 'West Bengal',
        postalCode: '700019',
      });
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(toast(page, 'Address added successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      const home = page.getByRole('article', { name: 'Home', exact: true });
      await expect(home).toContainText('Shipping & Billing');
      await expect(home).toContainText('Asha Sen');
      await expect(home).toContainText('9876543210');
      await expect(home).toContainText('12B Lake Road, Ballygunge');
      await expect(home).toContainText('Kolkata, West Bengal 700019');
      await expect(home).toContainText('India');
    });

    await test.step('add a shipping-only address and make it the default for shipping', async () => {
      await page.getByRole('button', { name: 'Add New Address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Address' });
      await fillAddress(dialog, {
        nickname: 'Office',
        type: 'Shipping',
        fullName: 'Asha Sen',
        phone: '9830012345',
        line1: '4th Floor, Salt Lake Sector V',
        city: 'Kolkata',
        state: 'West Bengal',
        postalCode: '700091',
      });
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(toast(page, 'Address added successfully')).toBeVisible();

      const office = page.getByRole('article', { name: 'Office', exact: true });
      await expect(office.getByText('Shipping', { exact: true })).toBeVisible();
      await expect(office.getByRole('button', { name: 'Set as Default Billing' })).toHaveCount(0);
      await office.getByRole('button', { name: 'Set as Default Shipping' }).click();
      await expect(toast(page, 'Default shipping address updated')).toBeVisible();
      await expect(office.getByText('Default Shipping', { exact: true })).toBeVisible();
      await expect(office.getByRole('button', { name: 'Set as Default Shipping' })).toHaveCount(0);

      const home = page.getByRole('article', { name: 'Home', exact: true });
      await expect(home.getByText('Default Shipping', { exact: true })).toHaveCount(0);
      await expect(home.getByRole('button', { name: 'Set as Default Shipping' })).toBeVisible();
    });

    await test.step('edit the office address to bill too, and make it the default for billing', async () => {
      const office = page.getByRole('article', { name: 'Office', exact: true });
      await office.getByRole('button', { name: 'Edit: Office' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Address' });
      await expect(dialog.getByLabel('Address Line 1')).toHaveValue('4th Floor, Salt Lake Sector V');
      await fillAddress(dialog, { type: 'Shipping & Billing', line2: 'Near College More' });
      await dialog.getByRole('button', { name: 'Update Address' }).click();
      await expect(toast(page, 'Address updated successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(office).toContainText('Near College More');
      await expect(office.getByText('Shipping & Billing', { exact: true })).toBeVisible();

      await office.getByRole('button', { name: 'Set as Default Billing' }).click();
      await expect(toast(page, 'Default billing address updated')).toBeVisible();
      await expect(office.getByText('Default Billing', { exact: true })).toBeVisible();
      const home = page.getByRole('article', { name: 'Home', exact: true });
      await expect(home.getByText('Default Billing', { exact: true })).toHaveCount(0);
    });

    await test.step('delete an address after confirming', async () => {
      await page.getByRole('button', { name: 'Delete: Home' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to delete this address?');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('article', { name: 'Home', exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Delete: Home' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(toast(page, 'Address deleted successfully')).toBeVisible();
      await expect(page.getByRole('article', { name: 'Home', exact: true })).toHaveCount(0);
      await expect(page.getByRole('article')).toHaveCount(1);

      // The account page's Addresses tab shows the same address book.
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Addresses' }).click();
      await expect(page.getByRole('tabpanel').getByRole('article', { name: 'Office', exact: true })).toBeVisible();
    });

    await test.step('request a password reset and set a new password from the mailed link', async () => {
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

      const requestedAt = new Date(Date.now() - 1000).toISOString();
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      await expect(page.getByText("We'll send you a link to reset your password")).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(toast(page, 'Reset link sent!')).toBeVisible();
      await expect(toast(page, 'Please check your email for password reset instructions.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

      await page.goto(await mailedLink(request, email, '/reset-password', requestedAt));
      await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm Password').fill('something-else');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(toast(page, 'Password Mismatch')).toBeVisible();
      await expect(toast(page, 'Passwords do not match. Please try again.')).toBeVisible();

      await page.getByLabel('Confirm Password').fill(newPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(toast(page, 'Password Updated!')).toBeVisible();
      await expect(toast(page, 'Your password has been successfully updated.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('only the new password signs in', async () => {
      await signIn(page, email, password);
      await expect(toast(page, 'Invalid login credentials')).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);

      await page.getByLabel('Password').fill(newPassword);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(toast(page, 'Welcome back!')).toBeVisible();
      await expect(signedInLink(page)).toBeVisible();
    });
  });

  test('signing up again with a registered email switches to sign in', { tag: DESKTOP_ONLY }, async ({ page }) => {
    const email = uniqueEmail('twice');
    await signUp(page, 'Twice Shopper', email, 'aquarium1');
    await expect(toast(page, 'Account created!')).toBeVisible();
    // The form is cleared after a sign-up.
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveValue('');

    await page.getByLabel('Full Name').fill('Twice Shopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('aquarium1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(toast(page, 'Account already exists')).toBeVisible();
    await expect(toast(page, 'This email is already registered. Please sign in instead.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('the sign-in form checks its fields before calling the server', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
  });

  test('invalid confirmation and reset links send the visitor to sign in with an explanation', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/api/auth/confirm?token=not-a-real-token');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toast(page, 'This confirmation link is invalid or has expired.')).toBeVisible();

    // Turned away when the page opens, before anything is typed.
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(toast(page, 'Invalid Reset Link')).toBeVisible();
    await expect(toast(page, 'This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/reset-password');
    await expect(toast(page, 'Invalid Reset Link')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a reset link is checked when it opens, without being used up, and the server still judges the update', { tag: DESKTOP_ONLY }, async ({ page }) => {
    const email = await signUpShopper(page, 'reset-check');
    // Signed out, as someone who forgot the password is: /auth sends a signed-in person home.
    await page.context().clearCookies();
    const requestedAt = new Date(Date.now() - 1000).toISOString();
    expect((await page.request.post('/api/auth/password-reset', { data: { email } })).status()).toBe(202);
    const link = await mailedLink(page.request, email, '/reset-password', requestedAt);
    const token = new URL(link, 'http://shop').searchParams.get('token')!;

    await test.step('a live link keeps the form', async () => {
      const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/password-reset/check');
      await page.goto(link);
      expect(await (await checked).json()).toEqual({ valid: true });
      await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
      await expect(page).toHaveURL(/\/reset-password\?token=/);
    });

    await test.step('used elsewhere meanwhile, the update is still refused', async () => {
      // The check did not use the token up: another client can still set the password with it.
      expect((await page.request.post('/api/auth/password-update', { data: { token, password: 'riccia-carpet2' } })).status()).toBe(200);
      await page.getByLabel('New Password', { exact: true }).fill('riccia-carpet3');
      await page.getByLabel('Confirm Password').fill('riccia-carpet3');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(toast(page, 'Invalid Reset Link')).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
    });

    await test.step('opened again, the used link is turned away at once', async () => {
      await page.goto(link);
      await expect(toast(page, 'Invalid Reset Link')).toBeVisible();
      await expect(toast(page, 'This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    });
  });
});
