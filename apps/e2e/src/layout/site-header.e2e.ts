import { expect, type Page, test } from '@playwright/test';
import { ADMIN, DEMO_SHOPPER } from '../support/shop.js';
import { DESKTOP_ONLY } from '../support/tags.js';

/**
 * The sticky header keeps to one line at every width, for every kind of visitor: an
 * admin's bar is the longest (Plants, About, Contact, Admin, My Orders, My Account, Cart,
 * Sign Out), and between 1024 and 1047 px it used to wrap 'My Orders' and 'My Account'
 * onto two lines (issue #14). Below 1024 px a shopper's bar holds My Orders, the cart and
 * the menu (issue #40).
 */

const WIDTHS = [320, 390, 1024, 1040, 1440] as const;

/** Below this width the nav folds into the Menu button (storefront styles.css). */
const MENU_BREAKPOINT = 1024;

/** The boxes of everything shown in the header bar, left to right, and the page's scroll width. */
async function measure(page: Page) {
  return page.locator('header.site-header').evaluate((header) => {
    const bar = header.querySelector('.site-header__bar')!.getBoundingClientRect();
    const boxes = [...header.querySelectorAll<HTMLElement>('.site-header__bar a, .site-header__bar button')]
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.innerText.trim() || e.textContent!.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom, navLink: e.classList.contains('site-nav__link') };
      })
      .sort((a, b) => a.left - b.left);
    return { bar: { top: bar.top, bottom: bar.bottom }, boxes, scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
  });
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

const ROLES = [
  { role: 'a signed-out visitor', account: null, links: ['Plants', 'About', 'Contact'], action: 'Sign In' },
  { role: 'a shopper', account: DEMO_SHOPPER, links: ['Plants', 'About', 'Contact', 'My Orders', 'My Account'], action: 'Sign Out' },
  { role: 'an admin', account: ADMIN, links: ['Plants', 'About', 'Contact', 'Admin', 'My Orders', 'My Account'], action: 'Sign Out' },
] as const;

test.describe('the site header', { tag: DESKTOP_ONLY }, () => {
  for (const { role, account, links, action } of ROLES) {
    test(`fits on one line for ${role} from 320 px up`, async ({ page }) => {
      if (account) await signIn(page, account);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        const banner = page.getByRole('banner');
        if (width >= MENU_BREAKPOINT) {
          await expect(banner.getByRole(action === 'Sign In' ? 'link' : 'button', { name: action, exact: true })).toBeVisible();
          for (const name of links) await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
        } else {
          await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
          // Below the menu's width a shopper keeps My Orders and the cart in the bar; Sign Out is in the menu.
          if (action === 'Sign In') await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
          else {
            await expect(banner.getByRole('link', { name: 'My Orders', exact: true })).toBeVisible();
            await expect(banner.getByRole('link', { name: /^Cart\b/ })).toBeVisible();
            await expect(banner.getByRole('button', { name: 'Sign Out', exact: true })).toBeHidden();
          }
        }
        await page.evaluate(() => document.fonts.ready);
        const { bar, boxes, scrollWidth, clientWidth } = await measure(page);
        const at = `at ${width} px`;

        expect(scrollWidth, `no horizontal scroll ${at}`).toBeLessThanOrEqual(clientWidth);
        for (const box of boxes) {
          expect(box.right, `${box.name} inside the viewport ${at}`).toBeLessThanOrEqual(clientWidth);
          expect(box.top, `${box.name} inside the bar ${at}`).toBeGreaterThanOrEqual(bar.top);
          expect(box.bottom, `${box.name} inside the bar ${at}`).toBeLessThanOrEqual(bar.bottom);
        }
        for (let i = 1; i < boxes.length; i += 1) {
          expect(boxes[i]!.left, `${boxes[i]!.name} after ${boxes[i - 1]!.name} ${at}`).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
        }
        // One line: every nav link has the same top and the height of a single line.
        const nav = boxes.filter((b) => b.navLink);
        expect(nav.map((b) => b.name), `the nav links in the bar ${at}`).toEqual(width >= MENU_BREAKPOINT ? links : []);
        for (const box of nav) {
          expect(box.top, `${box.name} on the line of ${nav[0]!.name} ${at}`).toBeCloseTo(nav[0]!.top, 0);
          expect(box.bottom - box.top, `${box.name} one line high ${at}`).toBeCloseTo(nav[0]!.bottom - nav[0]!.top, 0);
        }
      }
    });
  }
});
