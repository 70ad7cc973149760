import type { Product } from '@jalaj/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { type AddressFields, fillAddress, toast } from './shop.js';

/** Helpers of the checkout and payment specs. */

/** A Kolkata address (PIN 700016: ₹75 shipping), for shipping and billing. */
export const KOLKATA: AddressFields = {
  nickname: 'Home',
  type: 'Shipping & Billing',
  fullName: 'Ananya Sen',
  phone: '9830012345',
  line1: '12 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
};
/** The name of {@link KOLKATA}'s choice in the checkout's address groups. */
export const KOLKATA_RADIO = 'Home: Ananya Sen, Kolkata 700016';

/** Puts one of the plant in the shopper's cart from its product page. */
export async function addToCart(page: Page, plant: Product): Promise<void> {
  await page.goto(`/product/${plant.id}`);
  await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
  await expect(toast(page, '1 item successfully added to your cart')).toBeVisible();
}

/** Adds an address with the checkout's "Add New Address" (the one given, or the only one). */
export async function addAddress(page: Page, fields: AddressFields, from: Locator = page.getByRole('main')): Promise<void> {
  await from.getByRole('button', { name: 'Add New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Address' });
  await fillAddress(dialog, fields);
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(toast(page, 'Address added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The checkout's shipping choices. */
export const shippingGroup = (page: Page) => page.getByRole('group', { name: 'Shipping Address' });
/** The checkout's billing choices. */
export const billingGroup = (page: Page) => page.getByRole('group', { name: 'Billing Address' });
/** The checkout's order summary (subtotal, shipping). */
export const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
/** The checkout's payment card (total, Pay with PhonePe). */
export const paymentCard = (page: Page) => page.getByRole('region', { name: 'Payment' });

/** Below this width the chosen addresses read as 'Ship to' and 'Bill to' lines with Change (storefront address-selector.tsx). */
const COMPACT_ADDRESSES_BELOW = 640;

/** Opens the address choices where a phone shows the chosen ones compactly (decided by the viewport, not by what shows yet). */
export async function openAddressChoices(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? COMPACT_ADDRESSES_BELOW) >= COMPACT_ADDRESSES_BELOW) return;
  await page.getByRole('button', { name: 'Change shipping address' }).click();
  await expect(shippingGroup(page)).toBeVisible();
}
