import { formatRupees as rupees } from '@jalaj/commerce';
import type { AdminProduct } from '@jalaj/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, products, signUpShopper, toast } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The cart in the storefront against the real shop (issue #6): the header badge, Add to
 * Cart from the landing and product pages with the spec's toasts and the added-to-cart
 * dialog, the volume discount in /cart, the quantity stepper and the stock limit, remove,
 * clear (confirmed first), the Discounts dialog, checkout mode and an out-of-stock plant.
 * Each test signs up its own shopper through the mailed confirmation link, so the demo
 * accounts' carts are never touched.
 */

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

const cartLine = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

// The line's discount badge, e.g. "5% off" (the nudge "Add 1 more to get 5% off" is longer).
const discountBadge = (line: Locator): Locator => line.getByText(/^\d+% off$/);

test.describe('cart', () => {
  test('a signed-out visitor is asked to sign in to see the cart', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByText('Please sign in to view your cart')).toBeVisible();
    await expect(cartLink(page)).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signed out, Add to Cart asks to sign in with the texts of the page it is on', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
    const [plant] = await products(request);
    await page.goto(`/product/${plant!.id}`);
    await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
    await expect(toast(page, 'Authentication Required')).toBeVisible();
    await expect(toast(page, 'Please sign in to add items to cart')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product/${plant!.id}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/');
    await page.locator('#plants').getByRole('article').filter({ hasText: plant!.name }).getByRole('button', { name: /Add to Cart/ }).click();
    await expect(toast(page, 'Please sign in')).toBeVisible();
    await expect(toast(page, 'You need to be signed in to add items to cart')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a failed Clear Cart says so in its dialog, which stays open to try again', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
    await signUpShopper(page, 'clear-fail');
    const [plant] = await products(request);
    await page.goto(`/product/${plant!.id}`);
    await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
    await expect(toast(page, '1 item successfully added to your cart')).toBeVisible();

    await page.goto('/cart');
    await expect(cartLine(page, plant!.name)).toBeVisible();
    let failing = true;
    await page.route('**/api/cart', async (route) => {
      if (route.request().method() !== 'DELETE' || !failing) return route.fallback();
      return route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ status: 500, code: 'INTERNAL', message: 'An unexpected error occurred' }) });
    });
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear Cart' });
    await dialog.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to clear cart');
    await expect(toast(page, 'Failed to clear cart')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(cartLine(page, plant!.name)).toBeAttached();

    failing = false;
    await dialog.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'All items removed from your cart')).toBeVisible();
    await expect(cartLine(page, plant!.name)).toHaveCount(0);
  });

  test('a shopper fills the cart, gets the volume discount, changes quantities, removes and clears', async ({ page, request }) => {
    test.setTimeout(120_000);
    const items = await products(request);
    const plant = items.find((p) => p.stockQuantity >= 20 && (p.pricePaise * 5) % 100 === 0) ?? items[0]!;
    // The scarcest other plant, so that its stock is quick to reach with the stepper's box.
    const scarce = items.filter((p) => p.id !== plant.id && p.stockQuantity >= 3).sort((a, b) => a.stockQuantity - b.stockQuantity)[0]!;
    await signUpShopper(page, 'cart');

    await test.step('the header shows no count for an empty cart', async () => {
      await expect(cartLink(page)).toHaveAccessibleName('Cart');
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Start Shopping' })).toBeVisible();
    });

    await test.step('Add to Cart on the landing page adds one, with a toast and the badge', async () => {
      await page.goto('/');
      await page.locator('#plants').getByRole('button', { name: `Add to Cart: ${plant.name}`, exact: true }).click();
      await expect(toast(page, 'Added to Cart')).toBeVisible();
      await expect(toast(page, '1 item successfully added to your cart')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item)');
    });

    await test.step('the product page adds three more and offers the added-to-cart dialog', async () => {
      await page.goto(`/product/${plant.id}`);
      await page.getByLabel('Quantity', { exact: true }).fill('3');
      await page.getByRole('button', { name: 'Add 3 to Cart' }).click();
      const dialog = page.getByRole('dialog', { name: 'Added to Cart' });
      await expect(dialog).toBeVisible();
      await expect(toast(page, 'Updated Cart')).toBeVisible();
      await expect(toast(page, 'Cart updated with 3 more items')).toBeVisible();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/product/${plant.id}$`));
      await expect(cartLink(page)).toHaveAccessibleName('Cart (4 items)');

      await page.goto(`/product/${scarce.id}`);
      await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
      await expect(toast(page, '1 item successfully added to your cart')).toBeVisible();
      await dialog.getByRole('link', { name: 'View Product' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/product/${scarce.id}$`));

      await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
      await expect(toast(page, 'Cart updated with 1 more item')).toBeVisible();
      await dialog.getByRole('link', { name: 'View Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(dialog).toHaveCount(0);
    });

    // 4 of one plant is in the 3-4 tier: 5% off its unit price.
    const discounted = (plant.pricePaise * 95) / 100;

    await test.step('/cart shows the lines with the 5% volume discount and the totals', async () => {
      await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
      await expect(page.getByText('6 items in your cart')).toBeVisible();
      const line = cartLine(page, plant.name);
      await expect(line.getByLabel(`Quantity of ${plant.name}`, { exact: true })).toHaveValue('4');
      await expect(discountBadge(line)).toHaveText('5% off');
      await expect(line).toContainText(rupees(plant.pricePaise));
      await expect(line).toContainText(`${rupees(discounted)} each`);
      await expect(line).toContainText(rupees(4 * discounted));
      await expect(line).toContainText(`You save ${rupees(4 * (plant.pricePaise - discounted))}`);
      // Decorative beside the name (empty alt), so it has no image role.
      await expect(line.locator('img')).toBeVisible();
      const other = cartLine(page, scarce.name);
      await expect(other).toContainText(`${rupees(scarce.pricePaise)} each`);
      await expect(discountBadge(other)).toHaveCount(0);

      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect(summary).toContainText('6 items');
      await expect(summary).toContainText(rupees(4 * discounted + 2 * scarce.pricePaise));
      await expect(summary).toContainText(rupees(4 * (plant.pricePaise - discounted)));
    });

    await test.step('the Discounts dialog lists the tiers', async () => {
      await page.getByRole('button', { name: 'Discounts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bulk Discounts' });
      await expect(dialog.getByRole('row', { name: '1-2 items No discount' })).toBeVisible();
      await expect(dialog.getByRole('row', { name: '3-4 items 5% off' })).toBeVisible();
      await expect(dialog.getByRole('row', { name: '20+ items 30% off' })).toBeVisible();
      await expect(dialog.getByRole('row')).toHaveCount(8);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('the stepper changes quantities and the discount follows', async () => {
      const line = cartLine(page, plant.name);
      const box = line.getByLabel(`Quantity of ${plant.name}`, { exact: true });
      await line.getByRole('button', { name: `Decrease quantity of ${plant.name}` }).click();
      await expect(box).toHaveValue('3');
      await expect(line).toContainText(rupees(3 * discounted));
      await line.getByRole('button', { name: `Decrease quantity of ${plant.name}` }).click();
      await expect(box).toHaveValue('2');
      await expect(discountBadge(line)).toHaveCount(0);
      await expect(line).toContainText('Add 1 more to get 5% off');
      await expect(line).toContainText(rupees(2 * plant.pricePaise));
      await expect(cartLink(page)).toHaveAccessibleName('Cart (4 items)');
      await line.getByRole('button', { name: `Increase quantity of ${plant.name}` }).click();
      await expect(box).toHaveValue('3');
      await expect(discountBadge(line)).toHaveText('5% off');
      await expect(page.getByText('5 items in your cart')).toBeVisible();
    });

    await test.step('a quantity above the stock is refused with the spec text; the stepper stops at the stock', async () => {
      const line = cartLine(page, scarce.name);
      const box = line.getByLabel(`Quantity of ${scarce.name}`, { exact: true });
      await box.fill(String(scarce.stockQuantity + 1));
      await box.press('Enter');
      await expect(toast(page, 'Insufficient Stock')).toBeVisible();
      await expect(toast(page, `Only ${scarce.stockQuantity} items available`)).toBeVisible();
      await expect(box).toHaveValue('2');

      await box.fill(String(scarce.stockQuantity));
      await box.press('Enter');
      await expect(box).toHaveValue(String(scarce.stockQuantity));
      await expect(line.getByRole('button', { name: `Increase quantity of ${scarce.name}` })).toBeDisabled();
      await expect(cartLink(page)).toHaveAccessibleName(`Cart (${3 + scarce.stockQuantity} items)`);
    });

    await test.step('checkout mode shows the banner and the lines, read-only', async () => {
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/cart\?checkout=true$/);
      await expect(page.getByText('Ready to Checkout')).toBeVisible();
      await expect(page.getByText('Select address to calculate')).toBeVisible();
      await expect(cartLine(page, plant.name)).toContainText('Qty: 3');
      await expect(page.getByRole('spinbutton')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
    });

    await test.step('Remove takes a line out', async () => {
      await page.getByRole('button', { name: `Remove ${scarce.name} from cart` }).click();
      await expect(toast(page, 'Removed from Cart')).toBeVisible();
      await expect(toast(page, 'Item removed from your cart')).toBeVisible();
      await expect(cartLine(page, scarce.name)).toHaveCount(0);
      await expect(cartLink(page)).toHaveAccessibleName('Cart (3 items)');
    });

    await test.step('Clear Cart asks first, then empties the cart', async () => {
      await page.getByRole('button', { name: 'Clear Cart' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Clear Cart' });
      await expect(confirm).toContainText('Are you sure you want to remove all items from your cart?');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(cartLine(page, plant.name)).toBeVisible();

      await page.getByRole('button', { name: 'Clear Cart' }).click();
      await confirm.getByRole('button', { name: 'Clear Cart' }).click();
      await expect(toast(page, 'Cart Cleared')).toBeVisible();
      await expect(toast(page, 'All items removed from your cart')).toBeVisible();
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart');
    });

    await test.step('the cart is kept on the server', async () => {
      await page.reload();
      await expect(page.getByText('Your cart is empty')).toBeVisible();
    });
  });

  test('a sold-out plant offers no Add to Cart; one sold out after the page loaded cannot be added', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
    const signIn = await request.post('/api/auth/sign-in', { data: ADMIN });
    expect(signIn.ok()).toBe(true);
    const headers = { Authorization: `Bearer ${(await signIn.json()).accessToken}` };
    const input = (name: string, stockQuantity: number) => ({ name, description: 'Out of stock for the cart test', price: '120.00', stockQuantity, category: 'foreground', imageUrls: [] });
    const create = async (name: string, stock: number) => {
      const created = await request.post('/api/admin/products', { headers, data: input(name, stock) });
      expect(created.status()).toBe(201);
      return (await created.json()) as AdminProduct;
    };
    const soldOut = await create(`Sold-out Riccia ${Date.now()}`, 0);
    const lastOne = await create(`Last Monte Carlo ${Date.now()}`, 1);

    try {
      await signUpShopper(page, 'cart');
      const plants = page.locator('#plants');
      const soldOutCard = plants.getByRole('article').filter({ has: page.getByRole('heading', { name: soldOut.name, exact: true }) });
      await expect(soldOutCard.getByText('Sold out')).toBeVisible();
      await expect(soldOutCard.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
      await expect(soldOutCard.getByRole('link', { name: `View Details: ${soldOut.name}` })).toBeVisible();

      // The last one sells while the page is open: the card still offers it, the shop refuses it.
      const addLast = plants.getByRole('button', { name: `Add to Cart: ${lastOne.name}`, exact: true });
      await expect(addLast).toBeVisible();
      const sellOut = { ...input(lastOne.name, 0), version: lastOne.version, loadedStockQuantity: lastOne.stockQuantity };
      expect((await request.patch(`/api/admin/products/${lastOne.id}`, { headers, data: sellOut })).status()).toBe(200);
      await addLast.click();
      await expect(toast(page, 'Out of Stock')).toBeVisible();
      await expect(toast(page, 'This item is currently out of stock')).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart');
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
    } finally {
      for (const p of [soldOut, lastOne]) expect((await request.delete(`/api/admin/products/${p.id}`, { headers })).status()).toBe(204);
    }
  });

  test('a click on Add while the session is still being restored waits for it', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
    await signUpShopper(page, 'cart');
    const [plant] = await products(request);
    // Hold the session restore on the next page load, as a slow network would.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/product/${plant!.id}`);
    await page.getByRole('button', { name: 'Add 1 to Cart' }).click();
    release();
    await expect(toast(page, '1 item successfully added to your cart')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product/${plant!.id}$`));
    await expect(cartLink(page)).toHaveAccessibleName('Cart (1 item)');
  });
});
