import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { violations } from '../support/a11y.js';
import { products, signUpShopper } from '../support/shop.js';

/**
 * Issue #41 on the product page, at a desktop's and a phone's size: Check delivery (the
 * charge and time for a PIN, the spec's refusal, the signed-in shopper's default PIN
 * filled in).
 */

async function bearer(request: APIRequestContext, credentials: { email: string; password: string }): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in', { data: credentials });
  expect(signIn.ok()).toBe(true);
  return { Authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

const delivery = (page: Page) => page.getByRole('region', { name: 'Delivery' });

test.describe('promises kept before checkout', () => {
  test('Check delivery answers a PIN with the charge and time checkout uses, refuses a bad one, and fills in the default PIN', async ({ page }, testInfo) => {
    const plant = (await products(page.request)).find((p) => p.stockQuantity > 0)!;
    await page.goto(`/product/${plant.id}`);
    const box = delivery(page);
    const pin = box.getByLabel('PIN code');
    const answer = box.getByRole('status');

    await pin.fill('70001');
    await box.getByRole('button', { name: 'Check delivery' }).click();
    await expect(box.getByText('Invalid postal code. Must be 6 digits.')).toBeVisible();
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
    await expect(answer).toBeEmpty();

    // Letters never reach the field; Enter asks as the button does.
    await pin.fill('');
    await pin.pressSequentially('7000a16');
    await expect(pin).toHaveValue('700016');
    await pin.press('Enter');
    await expect(answer).toHaveText('Delivery to 700016: ₹75 shipping, 3-5 business days');
    await expect(box.getByText('Invalid postal code. Must be 6 digits.')).toHaveCount(0);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('check-delivery.png') });
    expect(await violations(page)).toEqual([]);

    await pin.fill('744101');
    await box.getByRole('button', { name: 'Check delivery' }).click();
    await expect(answer).toHaveText('Delivery to 744101: ₹150 shipping, 3-5 business days');

    // A shopper whose default shipping address is in Bengaluru sees it answered at once.
    const email = await signUpShopper(page, 'pin');
    const headers = await bearer(page.request, { email, password: 'aquarium1' });
    const address = await page.request.post('/api/me/addresses', {
      headers,
      data: { nickname: 'Home', fullName: 'Ravi Rao', phone: '9830012345', addressLine1: '4 MG Road', addressLine2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', country: 'India', addressType: 'both' },
    });
    expect(address.status()).toBe(201);
    expect((await page.request.post(`/api/me/addresses/${(await address.json()).id}/default-shipping`, { headers })).ok()).toBe(true);
    await page.goto(`/product/${plant.id}`);
    await expect(pin).toHaveValue('560001');
    await expect(answer).toHaveText('Delivery to 560001: ₹150 shipping, 3-5 business days');
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('check-delivery-default-pin.png') });
  });

});

