import { formatRupees, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addAddress, addToCart, KOLKATA } from './checkout.js';
import { products } from './shop.js';
import { sandboxUrl } from './stack.js';


/** A plant with at least `n` in stock. */
export async function plantInStock(request: APIRequestContext, n = 3): Promise<Product> {
  const plant = (await products(request)).find((p) => p.stockQuantity >= n);
  expect(plant, 'a plant in stock').toBeDefined();
  return plant!;
}

/** A paid order as the success page tells it. */
export interface PlacedOrder {
  readonly plant: Product;
  /** The spec's transaction id (`MO…`), from the success page's query (`orderId`). */
  readonly transactionId: string;
  /** The paid amount as the shop shows it (`₹…`). */
  readonly payable: string;
}

/**
 * Buys one of a plant in the browser as the signed-in shopper, the way a shopper does: cart,
 * checkout, Pay with PhonePe, and Pay on the sandbox's page; ends on `/payment-success`.
 * Nothing is faked: the order service, catalog, cart and the PhonePe sandbox do the work.
 *
 * @param options.plant - The plant (default: one in stock).
 * @param options.addAddress - Add the Kolkata address first (default true: a new shopper has
 *   none); pass false for a later order, which starts on the default addresses.
 */
export async function placePaidOrder(page: Page, options: { plant?: Product; addAddress?: boolean } = {}): Promise<PlacedOrder> {
  const chosen = options.plant ?? (await plantInStock(page.request));
  await addToCart(page, chosen);
  await page.goto('/cart?checkout=true');
  const card = page.getByRole('region', { name: 'Payment' });
  const payable = formatRupees(payableAmountPaise(chosen.pricePaise, REGIONAL_SHIPPING_PAISE));
  if (options.addAddress ?? true) await addAddress(page, KOLKATA);
  await expect(card.getByText(payable)).toBeVisible();
  await card.getByRole('button', { name: 'Pay with PhonePe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/`));
  await page.getByRole('button', { name: `Pay ${payable}` }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  // The success page's `transactionId` is PhonePe's (OM…); the order's own id (MO…) is `orderId`.
  const transactionId = new URL(page.url()).searchParams.get('orderId')!;
  expect(transactionId).toMatch(/^MO/);
  return { plant: chosen, transactionId, payable };
}
