import { formatRupees as rupees, payableAmountPaise } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addAddress, addToCart, KOLKATA, KOLKATA_RADIO } from '../support/checkout.js';
import { products, signUpShopper, toast } from '../support/shop.js';
import { PHONE_ONLY } from '../support/tags.js';

/**
 * Checkout and the header on a budget phone's screen, 360 and 390 px wide (issue #40): the
 * total and Pay with PhonePe stay on screen in a bar at the bottom, from the first screen to
 * the end of the page, never under a toast; the chosen addresses read as two lines with
 * Change; the header keeps My Orders and the cart one tap away, Sign Out in the menu. The
 * phone project only: it is about a phone's layout and touch (the desktop project's viewport
 * is a desktop's).
 */

const SCREENS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/** Whether the point at the centre of the element is the element itself: nothing lies over it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });

/** The page's scroll position. */
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

for (const screen of SCREENS) {
  test(`at ${screen.width} px checkout keeps the total and Pay in view and the addresses short; My Orders and the cart are one tap away`, { tag: PHONE_ONLY }, async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize(screen);
    const plants = (await products(page.request)).filter((p: Product) => p.stockQuantity >= 3).slice(0, 3);
    expect(plants.length, 'three plants in stock').toBe(3);
    await signUpShopper(page, `phone-${screen.width}`);
    for (const plant of plants) await addToCart(page, plant);
    const subtotal = plants.reduce((sum, p) => sum + p.pricePaise, 0);
    const pay = page.getByRole('button', { name: 'Pay with PhonePe' });
    const total = page.getByRole('region', { name: 'Payment' }).getByRole('definition').first();

    await test.step('Pay is on the first screen without scrolling, and a toast does not cover it', async () => {
      await page.goto('/cart?checkout=true');
      await expect(page.getByText('No saved addresses yet')).toBeVisible();
      expect(await scrollY(page)).toBe(0);
      await expect(pay).toBeInViewport({ ratio: 1 });
      await expect(total).toBeInViewport({ ratio: 1 });
      await pay.tap();
      const shown = toast(page, 'Please select a shipping address before proceeding to payment');
      await expect(shown).toBeVisible();
      const [toastBox, payBox] = [await shown.boundingBox(), await pay.boundingBox()];
      expect(toastBox!.y + toastBox!.height, 'the toast ends above the bar').toBeLessThanOrEqual(payBox!.y);
      expect(await uncovered(pay)).toBe(true);
    });

    await test.step('the chosen address reads as one line with Change; billing the same', async () => {
      await addAddress(page, KOLKATA);
      const addresses = page.getByRole('region', { name: 'Delivery and Billing' });
      await expect(addresses.getByRole('button', { name: 'Change shipping address' })).toBeVisible();
      await expect(addresses).toContainText('Ship to');
      await expect(addresses).toContainText('Home Ananya Sen, 12 Park Street, Kolkata 700016');
      await expect(addresses).toContainText('Same as shipping address');
      await expect(addresses.getByRole('radio')).toHaveCount(0);
      await expect(total).toHaveText(rupees(payableAmountPaise(subtotal, 7_500)));
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(pay).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: testInfo.outputPath(`checkout-${screen.width}-top.png`) });
    });

    await test.step('at the end of the page the bar is still there, and covers none of the page', async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
      await expect(pay).toBeInViewport({ ratio: 1 });
      expect(await uncovered(pay)).toBe(true);
      // The page's last line (the footer's) ends above the bar.
      const footerEnd = await page.locator('footer.site-footer').evaluate((f) => f.getBoundingClientRect().bottom);
      const bar = await pay.evaluate((b) => b.parentElement!.getBoundingClientRect().top);
      expect(footerEnd).toBeLessThanOrEqual(bar + 1);
      await page.screenshot({ path: testInfo.outputPath(`checkout-${screen.width}-end.png`) });
    });

    await test.step('Change opens the choices at the chosen address; Done closes them and returns to Change', async () => {
      await page.getByRole('button', { name: 'Change shipping address' }).tap();
      const shipping = page.getByRole('group', { name: 'Shipping Address' });
      await expect(shipping.getByRole('radio', { name: KOLKATA_RADIO })).toBeChecked();
      await expect(shipping.getByRole('radio', { name: KOLKATA_RADIO })).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath(`checkout-${screen.width}-change.png`) });
      await page.getByRole('button', { name: 'Done' }).tap();
      await expect(page.getByRole('button', { name: 'Change shipping address' })).toBeFocused();
      await expect(shipping).toHaveCount(0);
    });

    await test.step('the header: the cart and My Orders are one tap each; Sign Out is in the menu', async () => {
      const banner = page.getByRole('banner');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`header-${screen.width}.png`), clip: { x: 0, y: 0, width: screen.width, height: 80 } });
      await banner.getByRole('link', { name: /^Cart\b/ }).tap();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
      await banner.getByRole('link', { name: 'My Orders', exact: true }).tap();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
      await page.goto('/');
      await expect(banner.getByRole('button', { name: 'Sign Out', exact: true })).toBeHidden();
      await banner.getByRole('button', { name: 'Menu' }).tap();
      await expect(banner.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'My Account', exact: true })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`header-${screen.width}-menu.png`) });
    });
  });
}
