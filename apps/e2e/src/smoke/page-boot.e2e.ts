import { expect, test } from '@playwright/test';
import { products } from '../support/shop.js';

/**
 * The order a server-rendered page loads in (page-boot.ts, ADR 020, issue #40): the markup
 * paints first, then the product photo arrives, and only then are the page's scripts asked
 * for, so that on a phone's slow network they do not compete with either. The one exception
 * is the boot script's 3 s fallback, for a browser that never reports its first paint.
 */

/** Milliseconds after the navigation started: the first contentful paint, the first script asked for, the high-priority pictures' arrivals. */
interface BootTimes {
  firstPaint: number | null;
  firstScript: number | null;
  photosArrived: number[];
}

test.describe('a server-rendered page boots', () => {
  test('after its first paint and its main photo, never before', async ({ page, request }) => {
    const [plant] = await products(request);
    for (const [path, heading] of [
      ['/', 'Featured Plants'],
      [`/product/${plant!.id}`, plant!.name],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      // Hydrated: the page's own content takes `inert` off the root once its scripts ran.
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      const times = await page.evaluate((): BootTimes => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const scripts = resources.filter((r) => /^\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname));
        const photos = Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority=high]'), (img) => img.currentSrc);
        return {
          firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          firstScript: scripts.length ? Math.min(...scripts.map((r) => r.startTime)) : null,
          photosArrived: resources.filter((r) => photos.includes(r.name)).map((r) => r.responseEnd),
        };
      });
      expect(times.firstPaint, `${path}: the browser reports its first contentful paint`).not.toBeNull();
      expect(times.firstScript, `${path}: the page's scripts were loaded`).not.toBeNull();
      const firstScript = times.firstScript!;
      // Before the fallback (3 s after the boot script ran, so never earlier than 3 s in).
      if (firstScript < 3000) {
        expect(firstScript, `${path}: no script asked for before the first paint`).toBeGreaterThanOrEqual(times.firstPaint!);
        for (const arrived of times.photosArrived) expect(firstScript, `${path}: no script asked for before the main photo arrived`).toBeGreaterThanOrEqual(arrived);
      }
    }
  });

  test('whose scripts cannot be fetched stays usable as the server drew it', async ({ page, request }) => {
    const [plant] = await products(request);
    // A phone's connection drops as the page asks for React's chunk: the entry cannot run.
    await page.route(/\/assets\/react-[^/]+\.js$/, (route) => route.abort('connectionreset'));
    await page.goto(`/product/${plant!.id}`);
    await expect(page.getByRole('heading', { name: plant!.name, exact: true })).toBeVisible();
    // No longer inert: its links work as plain HTML, and the next page loads afresh.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
  });

  test('whose next page’s code is gone after a deploy loads that page afresh from the server', async ({ page }) => {
    // A page the browser draws itself (not server-rendered): its links are React's once shown.
    await page.goto('/terms-conditions');
    await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
    // The build this tab started with is replaced: About's chunk answers 404 until the
    // browser asks the server for a page again (the new build's page and chunks).
    let asked = false;
    let gone = 0;
    page.on('request', (r) => r.isNavigationRequest() && (asked = true));
    await page.route(/\/assets\/about-route-[^/]+\.js$/, (route) => (asked ? route.continue() : (gone++, route.fulfill({ status: 404, body: '' }))));
    await page.evaluate(() => ((window as { oldDocument?: boolean }).oldDocument = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // The old document asked for the chunk and was answered 404; the page shown is a document of its own.
    expect(gone).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { oldDocument?: boolean }).oldDocument)).toBeUndefined();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });
});
