import { readFile } from 'node:fs/promises';
import { formatRupees } from '@jalaj/commerce';
import type { SalesOverTime } from '@jalaj/contracts';
import { parseCsv } from '@jalaj/testing';
import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { violations } from '../support/a11y.js';
import { adminHeaders, serverSales } from '../support/admin-api.js';
import { paidOrderToday } from '../support/orders.js';
import { signInAsAdmin } from '../support/shop.js';

/**
 * The dashboard's sales over time (issue #42): the section shows what the server counts,
 * the charts are drawn and labelled, the numbers open as a table and download as CSV for 30
 * and 90 days, axe finds nothing, and the loading failure and the empty period say so. At a
 * desktop's width (1440 px) and a 360 px phone's, with screenshots.
 */

const section = (page: Page): Locator => page.getByRole('region', { name: /^Sales over time/ });
/** `Mon, 23 Nov, 2026`, as the table writes a day. */
const longDay = (day: string) => new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

async function atWidth(page: Page, testInfo: TestInfo): Promise<void> {
  await page.setViewportSize(testInfo.project.name === 'phone' ? { width: 360, height: 780 } : { width: 1440, height: 900 });
}

const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('sales over time', () => {
  test('shows what the server counts as labelled charts, a table of the numbers and a CSV, for 30 and 90 days', async ({ page, browser, request }, testInfo) => {
    test.setTimeout(180_000);
    await paidOrderToday(browser, testInfo);
    await atWidth(page, testInfo);
    await signInAsAdmin(page);
    const headers = await adminHeaders(request);
    const counted: SalesOverTime = await serverSales(request, headers, 30);
    expect(counted.totals.orders).toBeGreaterThan(0);

    // The section sits between today's figures and the tabs, with the server's totals.
    const sales = section(page);
    await expect(sales).toContainText(`${longDay(counted.from)} – ${longDay(counted.to)}`);
    await expect(sales.getByRole('definition').first()).toContainText(formatRupees(counted.totals.revenuePaise));
    await expect(sales.getByRole('definition').nth(1)).toContainText(counted.totals.orders.toLocaleString('en-IN'));

    // Two charts, each a labelled figure with its drawing (recharts' SVG, from its own chunk).
    const revenue = sales.getByRole('figure', { name: /^Revenue per day/ });
    const orders = sales.getByRole('figure', { name: /^Paid orders per day/ });
    await expect(revenue.locator('svg.recharts-surface')).toBeVisible();
    await expect(orders.locator('svg.recharts-surface')).toBeVisible();
    await expect(revenue.locator('.recharts-line')).toHaveCount(2);
    await expect(orders.locator('.recharts-bar-rectangle').first()).toBeAttached();
    // Measured once the charts are drawn (their chunk comes after the first paint).
    const sectionBox = (await sales.boundingBox())!;
    expect(sectionBox.y).toBeGreaterThan((await page.getByRole('region', { name: /^Today/ }).boundingBox())!.y);
    expect(sectionBox.y + sectionBox.height).toBeLessThanOrEqual((await page.getByRole('tablist').boundingBox())!.y);
    expect(await fitsTheWidth(page)).toBe(true);
    await sales.scrollIntoViewIfNeeded();
    await sales.screenshot({ path: testInfo.outputPath(`sales-${testInfo.project.name}.png`) });

    // The numbers as a table, newest day first: today's row is the server's.
    const toggle = sales.getByRole('button', { name: 'Show the numbers' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(sales.getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');
    const table = sales.getByRole('table', { name: 'Sales per day, the last 30 days and the 30 days before' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(31);
    const today = counted.current.at(-1)!;
    const before = counted.previous.at(-1)!;
    await expect(table.getByRole('row').nth(1)).toHaveText(
      [longDay(today.day), today.orders.toLocaleString('en-IN'), formatRupees(today.revenuePaise), longDay(before.day), before.orders.toLocaleString('en-IN'), formatRupees(before.revenuePaise)].join(''),
    );
    expect(await fitsTheWidth(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await sales.screenshot({ path: testInfo.outputPath(`sales-table-${testInfo.project.name}.png`) });

    // 90 days: the table grows to 90 rows and the CSV holds them.
    await sales.getByText('90 days', { exact: true }).click();
    const ninety = await serverSales(request, headers, 90);
    await expect(sales.getByRole('table', { name: 'Sales per day, the last 90 days and the 90 days before' }).getByRole('row')).toHaveCount(91);
    await expect(sales).toContainText(`${longDay(ninety.from)} – ${longDay(ninety.to)}`);
    const downloading = page.waitForEvent('download');
    await sales.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`jalaj-sales-${ninety.from}-to-${ninety.to}.csv`);
    const [head, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
    expect(head).toEqual(['Day (IST)', 'Paid orders', 'Revenue (INR)', 'Day a period before (IST)', 'Paid orders a period before', 'Revenue a period before (INR)']);
    expect(rows).toHaveLength(90);
    expect(rows.at(-1)!.slice(0, 3)).toEqual([ninety.to, String(ninety.current.at(-1)!.orders), (ninety.current.at(-1)!.revenuePaise / 100).toFixed(2)]);
    expect(rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(ninety.totals.orders);
  });

  test('says so when the sales cannot be loaded, and when a period has none', async ({ page }, testInfo) => {
    await atWidth(page, testInfo);
    let failing = true;
    await page.route('**/api/admin/sales?*', (route) => (failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, code: 'INTERNAL', title: 'Error', message: 'Something went wrong' }) }) : route.fallback()));
    await signInAsAdmin(page);
    const sales = section(page);
    await expect(sales.getByRole('alert')).toContainText('Sales over time could not be loaded');
    // The tabs below keep working.
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    // The privilege check's notice goes with the login page (ADR 083); violations() waits for its
    // fade to end. A notice left in the DOM after its fade (seen once on a busy machine) is not shown.
    expect(await violations(page)).toEqual([]);

    // Retry, with a period in which nothing sold: the empty state, zeros in the table.
    failing = false;
    await page.route('**/api/admin/sales?*', async (route) => {
      const real = (await (await route.fetch()).json()) as SalesOverTime;
      const none = (d: SalesOverTime['current'][number]) => ({ ...d, orders: 0, revenuePaise: 0 });
      const empty: SalesOverTime = { ...real, current: real.current.map(none), previous: real.previous.map(none), totals: { orders: 0, revenuePaise: 0 }, previousTotals: { orders: 0, revenuePaise: 0 }, bestSellers: { byUnits: [], byRevenue: [] } };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) });
    });
    await sales.getByRole('button', { name: 'Retry' }).click();
    await expect(sales.getByText('No paid orders in the last 30 days')).toBeVisible();
    await expect(sales.getByText('No plants sold in this period.')).toHaveCount(2);
    await expect(sales.getByRole('figure')).toHaveCount(0);
    expect(await fitsTheWidth(page)).toBe(true);
    await sales.screenshot({ path: testInfo.outputPath(`sales-empty-${testInfo.project.name}.png`) });
  });

  test('holds the charts’ place while their chunk loads: nothing below them moves', async ({ page }, testInfo) => {
    // A period with sales (the server's days, one of them with orders), so that charts are drawn.
    await page.route('**/api/admin/sales?*', async (route) => {
      const real = (await (await route.fetch()).json()) as SalesOverTime;
      const sold = { orders: 3, revenuePaise: 150_000 };
      const current = real.current.map((d, i) => (i === real.current.length - 1 ? { ...d, ...sold } : d));
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, current, totals: sold }) });
    });
    // The charts' chunk waits until the placeholder has been measured.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/sales-chart-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await atWidth(page, testInfo);
    await signInAsAdmin(page);
    const sales = section(page);
    await expect(sales.getByTestId('sales-charts-placeholder')).toBeVisible();
    // Where the tabs below start on the page (not in the window: the screenshot scrolls).
    const tabsTop = () => page.getByRole('tablist').evaluate((tabs) => tabs.getBoundingClientRect().top + window.scrollY);
    const tabsWhileLoading = await tabsTop();
    await sales.screenshot({ path: testInfo.outputPath(`sales-loading-${testInfo.project.name}.png`) });
    release();
    await expect(sales.getByRole('figure', { name: /^Paid orders per day/ }).locator('svg.recharts-surface')).toBeVisible();
    await expect(sales.getByTestId('sales-charts-placeholder')).toHaveCount(0);
    expect(Math.abs((await tabsTop()) - tabsWhileLoading)).toBeLessThanOrEqual(1);
  });

  test('keeps the chart out of the first paint: its chunk is not preloaded by the admin page', async ({ request }) => {
    const html = await (await request.get('/admin/')).text();
    expect(html).toContain('<script type="module"');
    expect(html).not.toMatch(/sales-chart|recharts/);
  });
});
