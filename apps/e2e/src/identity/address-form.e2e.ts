import { expect, type Locator, type Page, test } from '@playwright/test';
import { fillAddress, signUpShopper, toast } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The address form's phone and PIN code inputs as shoppers really use them (issue #14):
 * a PIN code pasted with a space or a dash keeps its six digits, and the phone takes an
 * Indian mobile number however it is written (+91 or 0 prefix, spaces, dashes) but no
 * letters — in the browser and, with the same rule, on the server.
 */

const PHONE_MESSAGE = 'Phone number must be at least 10 digits';

/** Pastes text into a field through the system clipboard, as Ctrl+V does. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

async function openAddDialog(page: Page) {
  await page.goto('/addresses');
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Address' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const ADDRESS = { nickname: 'Home', fullName: 'Asha Sen', line1: '12B Lake Road, Ballygunge', city: 'Kolkata', state: 'West Bengal' } as const;

test.describe('the address form', () => {
  test('a pasted PIN code keeps all six digits', { tag: DESKTOP_ONLY }, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpShopper(page, 'pin');
    const dialog = await openAddDialog(page);
    const pin = dialog.getByLabel('Postal Code');

    for (const pasted of ['700 016', '700-016', ' 700016 ', 'PIN 700016']) {
      await paste(page, pin, pasted);
      await expect(pin, `pasted ${JSON.stringify(pasted)}`).toHaveValue('700016');
    }
    await pin.fill('');
    await pin.pressSequentially('7000161');
    await expect(pin, 'a seventh digit is not taken').toHaveValue('700016');
  });

  test('the phone takes an Indian mobile number written in any usual way, and refuses letters', { tag: DESKTOP_ONLY }, async ({ page }) => {
    const email = await signUpShopper(page, 'phone');

    await test.step('letters are refused with the spec message', async () => {
      const dialog = await openAddDialog(page);
      await fillAddress(dialog, { ...ADDRESS, phone: '98300abc12', postalCode: '700019' });
      await dialog.getByRole('button', { name: 'Add Address' }).click();
      await expect(dialog.getByText(PHONE_MESSAGE)).toBeVisible();
      await expect(dialog.getByLabel('Phone Number')).toBeFocused();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    for (const [nickname, phone] of [
      ['Home', '+91 98300-12345'],
      ['Office', '098300 12345'],
    ] as const) {
      await test.step(`${phone} is saved as its ten digits`, async () => {
        const dialog = await openAddDialog(page);
        await fillAddress(dialog, { ...ADDRESS, nickname, phone, postalCode: '700019' });
        await dialog.getByRole('button', { name: 'Add Address' }).click();
        await expect(toast(page, 'Address added successfully')).toBeVisible();
        await expect(page.getByRole('article', { name: nickname, exact: true })).toContainText('9830012345');
      });
    }

    await test.step('the server applies the same rule', async () => {
      const signIn = await page.request.post('/api/auth/sign-in', { data: { email, password: 'aquarium1' } });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const { line1: addressLine1, ...rest } = ADDRESS;
      const body = { ...rest, nickname: 'Shop', addressLine1, postalCode: '700019', addressType: 'both' };
      const post = (phone: string) => page.request.post('/api/me/addresses', { headers: { authorization: `Bearer ${accessToken}` }, data: { ...body, phone } });

      const letters = await post('98300abc12');
      expect(letters.status()).toBe(400);
      expect((await letters.json()) as unknown).toMatchObject({ fieldErrors: [{ field: 'phone', message: PHONE_MESSAGE }] });
      const written = await post('+91 98300-12345');
      expect(written.status()).toBe(201);
      expect((await written.json()) as unknown).toMatchObject({ phone: '9830012345' });
    });
  });
});
