import { lineTotalPaise, orderNumber, payableAmountPaise, REGIONAL_SHIPPING_PAISE, rupeesToPaise } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { expect, type APIRequestContext, type Locator, test } from '@playwright/test';
import { addAddress, KOLKATA } from '../support/checkout.js';
import { products, signUpShopper, toast } from '../support/shop.js';
import { sandboxUrl } from '../support/stack.js';

/**
 * One order's money reads the same everywhere (issue #38, item 7): the success page, the
 * order's card on My Orders, its Details, the confirmation mail and the bill of supply show
 * the same lines — subtotal, volume discount savings, shipping, rounding, total — and
 * they add up. Bought for real: three of a plant (a volume discount) to a Kolkata PIN.
 */

const QUANTITY = 3;

/** A plant with at least three in stock whose discounted total needs rounding, if there is one. */
async function plantForThree(request: APIRequestContext): Promise<Product> {
  const candidates = (await products(request)).filter((p) => p.stockQuantity >= QUANTITY + 1);
  expect(candidates.length, 'a plant with stock').toBeGreaterThan(0);
  return candidates.find((p) => lineTotalPaise(p.pricePaise, QUANTITY) % 100 !== 0) ?? candidates[0]!;
}

/** The money lines of a `<dl>` as `label: amount`, top to bottom. */
async function moneyLines(list: Locator): Promise<string[]> {
  await expect(list.locator('dt').first()).toBeVisible();
  return list.locator(':scope > div').evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent ?? ''}: ${row.querySelector('dd')?.textContent ?? ''}`));
}

/** Each line's amount in paise, signed as shown. */
const paiseOf = (line: string) => {
  const amount = line.slice(line.lastIndexOf(': ') + 2).replace(/[₹,+]/g, '');
  return amount.startsWith('-') ? -rupeesToPaise(amount.slice(1)) : rupeesToPaise(amount);
};

test('an order’s money reads the same on the success page, its card, Details, the mail and the bill, and adds up', async ({ page }) => {
  test.setTimeout(180_000);
  const email = await signUpShopper(page, 'money');
  const plant = await plantForThree(page.request);
  await page.goto(`/product/${plant.id}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(QUANTITY));
  await page.getByRole('button', { name: `Add ${QUANTITY} to Cart` }).click();
  await expect(toast(page, `${QUANTITY} items successfully added to your cart`)).toBeVisible();
  await page.goto('/cart?checkout=true');
  await addAddress(page, KOLKATA);
  await page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Pay with PhonePe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/`));
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  const number = orderNumber(new URL(page.url()).searchParams.get('orderId')!);

  const success = await moneyLines(page.getByRole('region', { name: 'What you paid' }).locator('dl'));
  const total = payableAmountPaise(lineTotalPaise(plant.pricePaise, QUANTITY), REGIONAL_SHIPPING_PAISE);
  expect(success[0]).toMatch(/^Subtotal: /);
  expect(paiseOf(success[0]!)).toBe(plant.pricePaise * QUANTITY);
  expect(success).toContain('Shipping: ₹75.00');
  expect(success.at(-1)).toMatch(/^Total: /);
  expect(paiseOf(success.at(-1)!)).toBe(total);
  // They add up: every line above the total sums to it.
  expect(success.slice(0, -1).reduce((sum, line) => sum + paiseOf(line), 0)).toBe(total);

  await page.getByRole('main').getByRole('link', { name: `View Order #${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${number}` });
  expect(await moneyLines(dialog.locator('dl.order-totals'))).toEqual(success);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: `Order #${number}` });
  expect(await moneyLines(card.locator('dl.order-totals'))).toEqual(success);

  await page.context().addInitScript(() => {
    (window as unknown as { print: () => void }).print = () => undefined;
  });
  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: 'Invoice' }).click()]);
  expect(await moneyLines(popup.getByRole('article', { name: 'Bill of Supply' }).locator('dl.bill__totals'))).toEqual(success);
  await popup.close();

  let mail = '';
  await expect
    .poll(
      async () => {
        const { items } = (await (await page.request.get('/dev/mailbox.json')).json()) as { items: { to: string; subject: string; text: string }[] };
        mail = items.find((m) => m.to.toLowerCase() === email && m.subject.startsWith('Order confirmed'))?.text ?? '';
        return mail;
      },
      { message: 'the order confirmation' },
    )
    .not.toBe('');
  expect(mail).toContain(success.join('\n'));
});
