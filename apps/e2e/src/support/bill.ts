import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** A text as a regular expression that matches it literally. */
export const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value beside a label in a description list (`<dt>` then `<dd>`). */
export const fact = (scope: Locator, label: string) =>
  scope.locator('dt').filter({ hasText: new RegExp(`^${escapeRe(label)}$`) }).locator('xpath=following-sibling::dd[1]');

/** The bill of supply (libs/web-kit's one rendering) inside a page or dialog. */
export const billOf = (scope: Page | Locator): Locator => scope.getByRole('article', { name: 'Bill of Supply' });

/**
 * Waits until nothing of the bill is cut off or pushed out sideways: the page does not
 * scroll sideways, and every cell of its lines (the Value column too) lies within the bill
 * and within the window.
 */
export async function expectBillFits(page: Page, bill: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        bill.evaluate((article) => {
          const box = article.getBoundingClientRect();
          const width = document.documentElement.clientWidth;
          const out = [...article.querySelectorAll('td, th, dd, address')]
            .filter((cell) => (cell as HTMLElement).offsetParent !== null)
            .filter((cell) => {
              const r = cell.getBoundingClientRect();
              return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > width + 0.5 || cell.scrollWidth > cell.clientWidth + 1;
            })
            .map((cell) => cell.textContent);
          return { sideways: document.documentElement.scrollWidth > width, out };
        }),
      { message: 'the bill fits its width' },
    )
    .toEqual({ sideways: false, out: [] });
}

/** A printed page as poppler reads it back. */
export interface PrintedBill {
  /** How many A4 pages were printed. */
  readonly pages: number;
  /** The page's size in points (A4 is 595 × 842). */
  readonly size: { readonly width: number; readonly height: number };
  /** The printed text, laid out as on paper (`pdftotext -layout`). */
  readonly text: string;
  /** The first page as a picture, to look at. */
  readonly png: string;
}

/** A poppler tool's output; poppler-utils is an OS package (.ci/run installs it). */
function poppler(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils) to read printed bills`, { cause: e });
    throw e;
  }
}

/**
 * Prints the page as Chromium prints it (print styles, A4 as the bill's `@page` asks) to a
 * PDF, and reads it back with poppler: its pages, their size, its text, and its first page
 * as a PNG beside the test's other output (attached to the report).
 */
export async function printBill(page: Page, testInfo: TestInfo, name: string): Promise<PrintedBill> {
  const pdf = testInfo.outputPath(`${name}.pdf`);
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  const info = poppler('pdfinfo', [pdf]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) ?? [];
  const text = poppler('pdftotext', ['-layout', pdf, '-']);
  const base = testInfo.outputPath(name);
  poppler('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdf, base]);
  await testInfo.attach(`${name}.png`, { path: `${base}.png`, contentType: 'image/png' });
  return { pages, size: { width: Math.round(Number(width)), height: Math.round(Number(height)) }, text, png: `${base}.png` };
}

/** A4 in points, as pdfinfo reports it. */
export const A4_POINTS = { width: 595, height: 842 };
