/**
 * Bench module: the storefront's page speed as Lighthouse sees it on a phone (issues #12, #40).
 * Lighthouse's default mobile run (simulated slow 4G, a slower CPU; performance, accessibility,
 * best practices and SEO) on the landing page, the first product's page and /about-us, five
 * runs each (BENCH_LIGHTHOUSE_RUNS); the median run (by performance score) is reported. Then
 * the signed-in checkout on a 390 px phone (phone-checkout.mjs). Needs Chromium at
 * /usr/bin/chromium (or CHROME_PATH).
 *
 * The CPU slowdown is calibrated (Lighthouse's docs/throttling.md, "Calibrating the CPU
 * slowdown"): Lighthouse slows the measured CPU work down 4× whatever the machine, so a fast
 * machine scores far better than a slow one. The goals hold for a machine whose
 * `benchmarkIndex` is as low as BENCH_LIGHTHOUSE_INDEX (1,300): before each run the machine's
 * index is measured in the same Chromium, with Lighthouse's own benchmark, and the slowdown
 * set to 4 × index / 1,300, so every machine is measured as that one would be.
 * BENCH_LIGHTHOUSE_INDEX=0 keeps Lighthouse's plain 4×.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { compressPage, pickEncoding } from '../../apps/bff/src/web/compressed-page.ts';
import { fetchEveryPicture } from './http.mjs';
import { measurePhoneCheckout } from './phone-checkout.mjs';

/**
 * Runs per page, the median reported: Lighthouse's docs (variability.md) advise five, whose
 * median is far steadier than three's on a shared machine (one page's TBT ranged 48–272 ms
 * in three runs here). BENCH_LIGHTHOUSE_RUNS changes it.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * The pages measured (BENCH_LIGHTHOUSE_PAGES, comma-separated: `/`, `product` for the first
 * product's page, `/about-us`, `checkout` for the phone checkout); all four by default.
 */
const PAGE_NAMES = ['/', 'product', '/about-us', 'checkout'];
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? PAGE_NAMES.join(',')).split(',').map((p) => p.trim());
const unknownPage = PAGES.find((p) => !PAGE_NAMES.includes(p));
if (unknownPage) throw new Error(`BENCH_LIGHTHOUSE_PAGES: no page '${unknownPage}' (some of ${PAGE_NAMES.join(', ')})`);
/**
 * A folder for each run's trace (BENCH_LIGHTHOUSE_TRACES): Lighthouse's own unthrottled trace,
 * the one its simulation times, to find which task a long one is (docs/performance.md,
 * "Finding where the time goes"); none by default.
 */
const TRACES = process.env.BENCH_LIGHTHOUSE_TRACES;
/**
 * Whether each page is also measured without its scripts, alternating with it
 * (BENCH_LIGHTHOUSE_SCRIPTLESS; `0` turns it off): see {@link scriptlessCopy}.
 */
const SCRIPTLESS = process.env.BENCH_LIGHTHOUSE_SCRIPTLESS !== '0';
/** The `benchmarkIndex` of the slowest machine the goals must hold on; 0: no calibration. */
const TARGET_INDEX = Number(process.env.BENCH_LIGHTHOUSE_INDEX ?? 1300);
/** Lighthouse's default mobile CPU slowdown. */
const DEFAULT_SLOWDOWN = 4;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const GOALS = [
  { figure: 'score', min: 95 },
  { figure: 'tbtMs', max: 200 },
  { figure: 'lcpMs', max: 1500 },
  { figure: 'cls', max: 0.05 },
  { figure: 'scriptKB', max: 150 },
  { figure: 'accessibility', min: 100 },
  { figure: 'bestPractices', min: 100 },
  { figure: 'seo', min: 100 },
];

/** Bytes of script on the wire (transfer size, compressed as sent) of one Lighthouse run. */
function scriptBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

const categoryScore = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

const fileOf = (url) => (typeof url === 'string' ? (url.split('/').pop() || url) : String(url));

/**
 * Where the run's main-thread time went, for the log (docs/performance.md, "Lighthouse"): the
 * long tasks (≥ 50 ms, as simulated at the run's slowdown) by the script they are charged to,
 * with their start, and each script's evaluation and parse time (bootup-time).
 */
function timeSpentOf(lhr) {
  const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => `${fileOf(t.url)} ${Math.round(t.duration)} ms at ${Math.round(t.startTime)}`);
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? []).map((s) => `${fileOf(s.url)} ${Math.round(s.scripting)}+${Math.round(s.scriptParseCompile)} ms`);
  // What keeps accessibility, best practices or SEO under 100.
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1).map((ref) => `${id}: ${ref.id}`),
  );
  return `long tasks: ${tasks.join('; ') || 'none'} | script eval+parse: ${scripts.join('; ')}${failed.length ? ` | failed: ${failed.join(', ')}` : ''}`;
}

function figuresOf(lhr, slowdown, hostIndex) {
  const a = lhr.audits;
  return {
    score: categoryScore(lhr, 'performance'),
    fcpMs: Math.round(a['first-contentful-paint'].numericValue),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(a['total-blocking-time'].numericValue),
    cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
    siMs: Math.round(a['speed-index'].numericValue),
    scriptKB: Number((scriptBytes(lhr) / 1024).toFixed(1)),
    accessibility: categoryScore(lhr, 'accessibility'),
    bestPractices: categoryScore(lhr, 'best-practices'),
    seo: categoryScore(lhr, 'seo'),
    // Lighthouse's own measure of the machine's CPU speed (higher is faster), taken in the
    // run; and the slowdown the run used, from the index measured just before it.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    hostIndex: Math.round(hostIndex),
    cpuSlowdown: Number(slowdown.toFixed(2)),
  };
}

/**
 * The machine's `benchmarkIndex` now, as Lighthouse computes it (its own page function, in
 * a blank page of the Chromium about to be measured): the median of three.
 */
export async function measureBenchmarkIndex(port) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const values = [];
    for (let i = 0; i < 3; i++) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
    return values.sort((x, y) => x - y)[1];
  } finally {
    await browser.disconnect();
  }
}

/** The CPU slowdown that makes this machine, at `index`, measure as one at {@link TARGET_INDEX} does with 4×. */
export function calibratedSlowdown(index) {
  if (!TARGET_INDEX || !(index > 0)) return DEFAULT_SLOWDOWN;
  return (DEFAULT_SLOWDOWN * index) / TARGET_INDEX;
}

/** Writes a run's trace into {@link TRACES}, named after the page and the time. */
async function saveTrace(url, trace) {
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  await mkdir(TRACES, { recursive: true });
  await writeFile(join(TRACES, `${name}-${Date.now()}.json`), JSON.stringify(trace));
}

/** One Lighthouse run in a fresh Chromium (cold cache, as a first visit). */
async function runOnce(url) {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const hostIndex = TARGET_INDEX ? await measureBenchmarkIndex(chrome.port) : 0;
    const slowdown = calibratedSlowdown(hostIndex);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttling: { cpuSlowdownMultiplier: slowdown },
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (TRACES) await saveTrace(url, result.artifacts.Trace);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return { figures: figuresOf(result.lhr, slowdown, hostIndex), timeSpent: timeSpentOf(result.lhr) };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse's own trace failures (NO_NAVSTART, NO_FCP…) ask for another run; a run is tried this many times. */
const ATTEMPTS = 3;

async function runWithRetries(ctx, url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (e) {
      if (attempt >= ATTEMPTS || !String(e.message).startsWith('Lighthouse: ')) throw e;
      ctx.log(`lighthouse: ${e.message.split('.')[0]}; running again`);
    }
  }
}

/**
 * The page as the shop sends it without the scripts that run: no module or boot script, no
 * `modulepreload`; the JSON-LD and the page's data stay (the browser runs neither). What
 * Lighthouse measures on it is what the lab and the page's HTML and CSS cost before any of
 * the shop's scripts: the part of the TBT that no change of the scripts can take away on
 * the machine measuring (docs/performance.md, "Lighthouse").
 */
export function scriptlessCopy(html) {
  return html.replace(/<script\b(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
}

/**
 * A server on this machine that answers `path` with the page's {@link scriptlessCopy},
 * compressed as the shop sends its pages (the BFF's compressed-page.ts), and every other
 * request with the shop's own answer: one origin, so the copy's pictures and styles load as
 * the page's do.
 */
async function serveScriptless(shopUrl, path) {
  const page = await fetch(`${shopUrl}${path}`);
  if (!page.ok) throw new Error(`GET ${path} answered ${page.status}`);
  // Compressed and its encoding chosen by the BFF's own functions (Node strips the types).
  const copy = await compressPage(scriptlessCopy(await page.text()));
  const server = createServer((request, response) => {
    if (request.url === path) {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...(encoding && { 'content-encoding': encoding }) });
      return response.end(encoding ? copy[encoding] : copy.raw);
    }
    fetch(`${shopUrl}${request.url}`)
      .then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream', 'cache-control': answer.headers.get('cache-control') ?? 'no-cache' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => response.writeHead(502).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}${path}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measurePage(ctx, path) {
  const runs = [];
  const scriptless = [];
  const copy = SCRIPTLESS ? await serveScriptless(ctx.url, path) : null;
  try {
    for (let i = 0; i < RUNS; i++) {
      const { figures, timeSpent } = await runWithRetries(ctx, `${ctx.url}${path}`);
      ctx.log(`lighthouse ${path} run ${i + 1}: ${JSON.stringify(figures)}`);
      ctx.log(`lighthouse ${path} run ${i + 1}: ${timeSpent}`);
      runs.push(figures);
      if (!copy) continue;
      // The copy right after the page, so both meet the machine as it is.
      const without = await runWithRetries(ctx, copy.url);
      ctx.log(`lighthouse ${path} without its scripts, run ${i + 1}: TBT ${without.figures.tbtMs} ms, CPU slowdown ${without.figures.cpuSlowdown}× | ${without.timeSpent}`);
      scriptless.push(without.figures.tbtMs);
    }
  } finally {
    await copy?.close();
  }
  // The median run by score, ties broken by LCP: one coherent run, not a mix of medians.
  runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  const chosen = runs[Math.floor(runs.length / 2)];
  const cpu = TARGET_INDEX ? `CPU slowdown ${runs.map((r) => r.cpuSlowdown).join(', ')}× (4× at benchmarkIndex ${TARGET_INDEX})` : '4x CPU slowdown';
  const without = copy ? `; the same page without its scripts, alternating: TBT ${scriptless.join(', ')} ms (median ${median(scriptless)})` : '';
  return {
    name: `Lighthouse mobile: ${path.startsWith('/product/') ? '/product/:id' : path}`,
    figures: copy ? { ...chosen, scriptlessTbtMs: median(scriptless) } : chosen,
    goals: GOALS,
    note: `median of ${RUNS} runs (by score); default mobile config: simulated slow 4G, ${cpu}; scores ${runs.map((r) => r.score).join(', ')}${without}`,
  };
}

/** @param ctx see scripts/bench.mjs (url, log; the rest is unused here) */
export async function bench(ctx) {
  // chrome-launcher would crash the bench from an unhandled 'error' event, leaving its shop running.
  if (!existsSync(CHROME_PATH)) throw new Error(`Lighthouse needs Chromium at ${CHROME_PATH}: install it (Debian: apt-get install chromium) or set CHROME_PATH`);
  const res = await fetch(`${ctx.url}/api/products`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const { items } = await res.json();
  if (!items?.length) throw new Error('the shop has no products to open');
  // Every picture exists by now (fetchEveryPicture, before any part of the bench and in the
  // standalone run below): the pages are measured as a visitor would find the shop a minute
  // after it started.
  const rows = [];
  for (const page of PAGES.filter((p) => p !== 'checkout')) rows.push(await measurePage(ctx, page === 'product' ? `/product/${encodeURIComponent(items[0].id)}` : page));
  if (PAGES.includes('checkout')) rows.push(await measurePhoneCheckout(ctx, { chromePath: CHROME_PATH, items, slowdownFor: calibratedSlowdown }));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.BENCH_URL ?? 'http://127.0.0.1:8080';
  await fetchEveryPicture(url);
  const rows = await bench({ url, opsUrl: process.env.BENCH_OPS_URL, log: (line) => console.error(line) });
  for (const row of rows) {
    const missed = row.goals.filter((g) => (g.min !== undefined && row.figures[g.figure] < g.min) || (g.max !== undefined && row.figures[g.figure] > g.max));
    console.log(`${row.name}: ${JSON.stringify(row.figures)} ${missed.length ? `MISSED ${missed.map((g) => g.figure).join(', ')}` : 'ok'} (${row.note})`);
  }
}
