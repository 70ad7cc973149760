import type { Product } from '@jalaj/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Helpers the browser specs share: fresh shoppers, toasts, the catalogue, the address form. */

interface MailboxItem {
  kind: 'mail' | 'sms';
  to: string;
  links: string[];
}

/** The demo shopper `npm start` creates. */
export const DEMO_SHOPPER = { email: 'shopper@jalaj.shop', password: 'jalaj-shopper-2026' } as const;

/** The first admin `npm start` creates. */
export const ADMIN = { email: 'admin@jalaj.shop', password: 'jalaj-admin-2026' } as const;

/** An address no other test uses. */
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;

/** The newest toast with this exact text: an earlier toast with the same text may still be on screen. */
export const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).last();

/** The password of the shoppers {@link signUpShopper} makes. */
const SHOPPER_PASSWORD = 'aquarium1';

/**
 * Signs a new shopper up and in: the confirmation link in the development mailbox confirms
 * and lands on `/` (it never signs in), then the sign-in form signs in. Specs that change a
 * shopper's data use one each, so they never depend on each other's state.
 *
 * @param label - Goes into the email address, to find the shopper in logs.
 * @returns The new shopper's email address.
 */
export async function signUpShopper(page: Page, label = 'shopper'): Promise<string> {
  const email = uniqueEmail(label);
  const res = await page.request.post('/api/auth/sign-up', { data: { email, password: SHOPPER_PASSWORD, fullName: 'Test Shopper' } });
  expect(res.status()).toBe(201);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const box = await page.request.get('/dev/mailbox.json');
        const { items } = (await box.json()) as { items: MailboxItem[] };
        link = items
          .filter((m) => m.kind === 'mail' && m.to.toLowerCase() === email)
          .flatMap((m) => m.links)
          .find((l) => new URL(l).pathname === '/api/auth/confirm');
        return link;
      },
      { message: `the confirmation mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/$/);
  await signInWithForm(page, email, SHOPPER_PASSWORD);
  await expect(signedInLink(page)).toBeVisible();
  return email;
}

/**
 * The header's My Orders, shown to a signed-in shopper at every width (in the nav from 1024
 * px, in the bar below): the sign that the header has the shopper signed in.
 */
export const signedInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'My Orders', exact: true });

/** Below this width the header folds its nav, My Account and Sign Out into the Menu (storefront styles.css). */
export const HEADER_MENU_BREAKPOINT = 1024;

/**
 * The header's Sign Out: in the bar from 1024 px; below, in the menu, which is opened here.
 *
 * @returns The visible button.
 */
export async function headerSignOut(page: Page): Promise<Locator> {
  const banner = page.getByRole('banner');
  if ((page.viewportSize()?.width ?? HEADER_MENU_BREAKPOINT) < HEADER_MENU_BREAKPOINT) await banner.getByRole('button', { name: 'Menu' }).click();
  const button = banner.getByRole('button', { name: 'Sign Out', exact: true });
  await expect(button).toBeVisible();
  return button;
}

/** Signs in through the sign-in form, which lands on `/`. */
async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs the demo shopper in through the sign-in form. */
export async function signInDemoShopper(page: Page): Promise<void> {
  await signInWithForm(page, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
}

/** The catalogue as the shop lists it. */
export async function products(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/products');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: Product[] }).items;
}

/** What {@link fillAddress} can type; only the fields given are touched. */
export type AddressFields = Partial<Record<'nickname' | 'fullName' | 'phone' | 'line1' | 'line2' | 'city' | 'postalCode', string>> & {
  state?: string;
  /** The Address Type option's label: 'Shipping & Billing', 'Shipping' or 'Billing'. */
  type?: string;
};

/** Fills the shared address form (in its dialog). */
export async function fillAddress(form: Locator, fields: AddressFields): Promise<void> {
  if (fields.nickname !== undefined) await form.getByLabel('Nickname').fill(fields.nickname);
  if (fields.type !== undefined) await form.getByLabel('Address Type').selectOption({ label: fields.type });
  if (fields.fullName !== undefined) await form.getByLabel('Full Name').fill(fields.fullName);
  if (fields.phone !== undefined) await form.getByLabel('Phone Number').fill(fields.phone);
  if (fields.line1 !== undefined) await form.getByLabel('Address Line 1').fill(fields.line1);
  if (fields.line2 !== undefined) await form.getByLabel('Address Line 2').fill(fields.line2);
  if (fields.city !== undefined) await form.getByLabel('City').fill(fields.city);
  if (fields.state !== undefined) await form.getByLabel('State', { exact: true }).selectOption(fields.state);
  if (fields.postalCode !== undefined) await form.getByLabel('Postal Code').fill(fields.postalCode);
}

/**
 * Signs the demo admin in through the admin login and waits for the dashboard. Sign-in,
 * then the privilege check ("Checking admin privileges..."), then the dashboard's first
 * load: on a busy machine that took more than the 10 s an expectation waits by default.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Chooses an option of an antd select labelled `label` inside `scope`. A click on an
 * option while its dropdown is still sliding open can go unnoticed, so the choice is
 * repeated until the select shows it.
 */
export async function chooseOption(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await dropdown.count()) === 0) await field.click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    await expect(field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]')).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** The demo admin's bearer header, signed in from `request`'s own context (never a shopper's page: its cookie would change hands). */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  return { Authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}` };
}

/** The bearer header of the shopper signed in to `request`'s browser context (its refresh cookie). */
export async function shopperHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const refreshed = await request.post('/api/auth/refresh');
  expect(refreshed.status(), 'a signed-in shopper').toBe(200);
  return { Authorization: `Bearer ${((await refreshed.json()) as { accessToken: string }).accessToken}` };
}
