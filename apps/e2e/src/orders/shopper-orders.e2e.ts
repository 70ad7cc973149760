import { BILL_EXEMPT_NOTE, BILL_NUMBER_PATTERN, formatRupees, GSTIN_PATTERN, LIVE_PLANTS_HSN, orderNumber, payableAmountPaise, REGIONAL_SHIPPING_PAISE } from '@jalaj/commerce';
import type { OrderView } from '@jalaj/contracts';
import { expect, type Page, test } from '@playwright/test';
import { addAddress, addToCart, KOLKATA } from '../support/checkout.js';
import { escapeRe, fact } from '../support/bill.js';
import { placePaidOrder, plantInStock } from '../support/orders.js';
import { signUpShopper } from '../support/shop.js';
import { sandboxUrl } from '../support/stack.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The shopper's orders (issue #11): `/orders` with its empty state and order cards, the
 * Details dialog, and the Invoice window with the GST bill of supply. The orders are real
 * purchases through the PhonePe sandbox; nothing here is answered by the test.
 */

// The spec's customer date: US long format with time, e.g. "November 22, 2026 at 3:04 PM".
const CUSTOMER_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/;

/** The shopper's orders as the page loaded them (the ids the screens do not show). */
async function openOrders(page: Page): Promise<OrderView[]> {
  // Bounded, with what the page showed: once, on a loaded machine, no list came within the
  // test's 2 minutes, and nothing said whether the page was signed in or still loading.
  const [res] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'GET', { timeout: 30_000 }),
    page.goto('/orders', { timeout: 30_000 }),
  ]).catch(async (e: unknown) => {
    const shown = await page.locator('body').innerText({ timeout: 2_000 }).catch((why: unknown) => `(unreadable: ${String(why)})`);
    throw new Error(`${String(e)}\nthe page at ${page.url()} showed:\n${shown.slice(0, 1_000)}`);
  });
  expect(res.ok(), 'GET /api/orders').toBe(true);
  return ((await res.json()) as { items: OrderView[] }).items;
}

const orderCard = (page: Page, merchantOrderId: string) =>
  page.getByRole('article', { name: `Order #${orderNumber(merchantOrderId)}` });

test.describe('my orders', () => {
  test('a signed-out visitor is asked to sign in, on the list and on an invoice', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
    await expect(page.getByText('Please sign in to view your orders')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

    await page.goto('/orders/ord_01JD0000000000000000000000/invoice');
    await expect(page.getByText('Please sign in to view your orders')).toBeVisible();
  });

  test('after paying, the shopper finds the order, its details and its bill of supply; nobody else can open the bill', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const plant = await plantInStock(page.request);
    await signUpShopper(page, 'orders');

    await openOrders(page);
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(page.getByText('0 orders')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Start Shopping' }).click();
    await expect(page).toHaveURL(/\/#plants$/);

    const { transactionId, payable } = await placePaidOrder(page, { plant });
    // The success page's `transactionId` is PhonePe's own id of the payment.
    const phonePeTransactionId = new URL(page.url()).searchParams.get('transactionId')!;
    const number = orderNumber(transactionId);

    const [order] = await openOrders(page);
    expect(order?.merchantOrderId).toBe(transactionId);
    await expect(page.getByText('1 order', { exact: true })).toBeVisible();
    const card = orderCard(page, transactionId);
    await expect(card).toBeVisible();
    // Paid, not yet started by the seller: never a bare 'Completed', which reads as delivered.
    await expect(card.getByRole('list', { name: 'Order status' }).getByRole('listitem')).toHaveText(['Paid — being prepared']);
    await expect(card.locator('time')).toHaveText(CUSTOMER_DATE);
    const lines = card.getByRole('list', { name: 'Plants in this order' }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByText(plant.name, { exact: true })).toBeVisible();
    await expect(lines.first().getByText(`1 × ${formatRupees(plant.pricePaise)}`)).toBeVisible();
    await expect(lines.first().getByRole('link', { name: /^View Product/ })).toHaveAttribute('href', `/product/${plant.id}`);
    await expect(fact(card, 'Subtotal')).toHaveText(formatRupees(plant.pricePaise));
    await expect(fact(card, 'Shipping')).toHaveText(formatRupees(REGIONAL_SHIPPING_PAISE));
    await expect(fact(card, 'Total')).toHaveText(formatRupees(payableAmountPaise(plant.pricePaise, REGIONAL_SHIPPING_PAISE)));

    // Details: the address snapshots, how it was paid, and when it will arrive.
    await card.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Expected delivery: 3-5 business days')).toBeVisible();
    for (const side of ['Shipping address', 'Billing address']) {
      const address = dialog.getByRole('region', { name: side });
      await expect(address.getByText(KOLKATA.fullName!, { exact: true })).toBeVisible();
      await expect(address.getByText(KOLKATA.line1!, { exact: true })).toBeVisible();
      await expect(address.getByText('Kolkata, West Bengal 700016', { exact: true })).toBeVisible();
    }
    await expect(fact(dialog, 'Payment method')).toHaveText(/^PhonePe/);
    await expect(fact(dialog, 'Order number')).toHaveText(`#${number}`);
    await expect(fact(dialog, 'PhonePe merchant order ID')).toHaveText(transactionId);
    await expect(fact(dialog, 'PhonePe transaction ID')).toHaveText(phonePeTransactionId);
    await expect(fact(dialog, 'Payment status')).toHaveText('Completed');
    await expect(fact(dialog, 'Progress')).toHaveText('Paid — being prepared');
    await expect(dialog.getByText('Payment received', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Details' })).toBeFocused();

    // Invoice: a new window with the bill of supply, which prints itself.
    await page.context().addInitScript(() => {
      const w = window as unknown as { print: () => void; printCalls: number };
      w.printCalls = 0;
      w.print = () => {
        w.printCalls += 1;
      };
    });
    const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: 'Invoice' }).click()]);
    await expect(popup).toHaveURL(new RegExp(`/orders/${order!.id}/invoice$`));
    const bill = popup.getByRole('article', { name: 'Bill of Supply' });
    await expect(bill).toBeVisible();
    await expect(popup).toHaveTitle(`INV-${number} — Bill of Supply — Jalaj`);
    await expect(fact(bill, 'Invoice No.')).toHaveText(`INV-${number}`);
    await expect(fact(bill, 'Bill No.')).toHaveText(BILL_NUMBER_PATTERN);
    await expect(fact(bill, 'Bill No.')).toHaveText(order!.billNumber!);
    await expect(fact(bill, 'Status')).toHaveText('Completed');
    await expect(bill.getByText(/^GSTIN:/)).toHaveText(new RegExp(`^GSTIN: ${GSTIN_PATTERN.source.slice(1, -1)}$`));
    await expect(bill.locator('td').filter({ hasText: new RegExp(`^${LIVE_PLANTS_HSN}$`) })).toBeVisible();
    await expect(bill.locator('td').filter({ hasText: new RegExp(`^${escapeRe(plant.name)}$`) })).toBeVisible();
    await expect(bill.getByText('West Bengal (19)', { exact: true })).toBeVisible();
    await expect(bill.getByText(BILL_EXEMPT_NOTE, { exact: true })).toBeVisible();
    await expect(fact(bill, 'Total')).toHaveText(payable);
    await expect.poll(() => popup.evaluate(() => (window as unknown as { printCalls: number }).printCalls), { message: 'the invoice printed itself once' }).toBe(1);
    await popup.close();

    // Another shopper opening this bill's address reads the API's not-found text.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const stranger = await other.newPage();
      await signUpShopper(stranger, 'stranger');
      await stranger.goto(`/orders/${order!.id}/invoice`);
      await expect(stranger.getByText('No orders found with this transaction ID')).toBeVisible();
      await expect(stranger.getByText(`INV-${number}`)).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('an order PhonePe has not decided has no bill yet: Invoice is disabled and says why', { tag: DESKTOP_ONLY }, async ({ page }) => {
    test.setTimeout(120_000);
    const plant = await plantInStock(page.request);
    await signUpShopper(page, 'unpaid');
    await addToCart(page, plant);
    await page.goto('/cart?checkout=true');
    await addAddress(page, KOLKATA);
    await page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Pay with PhonePe' }).click();
    await expect(page).toHaveURL(new RegExp(`^${escapeRe(sandboxUrl())}/pay/`));
    await page.getByRole('button', { name: 'Leave pending and go back' }).click();
    await expect(page).toHaveURL(/\/payment-pending\?orderId=/);
    const merchantOrderId = new URL(page.url()).searchParams.get('orderId')!;

    const [order] = await openOrders(page);
    expect(order?.merchantOrderId).toBe(merchantOrderId);
    const card = orderCard(page, merchantOrderId);
    await expect(card.getByRole('list', { name: 'Order status' }).getByText('Pending', { exact: true })).toBeVisible();
    const invoice = card.getByRole('button', { name: 'Invoice' });
    await expect(invoice).toBeDisabled();
    await expect(invoice).toHaveAccessibleDescription('A bill is issued once the payment is complete.');

    await card.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${orderNumber(merchantOrderId)}` });
    await expect(dialog.getByText('Pending', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^Expected delivery/)).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto(`/orders/${order!.id}/invoice`);
    await expect(page.getByText('A bill is issued once the payment is complete.')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Bill of Supply' })).toHaveCount(0);
  });
});

