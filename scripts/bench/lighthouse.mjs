/**
 * Bench module: the storefront's page speed as Lighthouse sees it on a phone (issue #12).
 * Lighthouse's default mobile run (simulated slow 4G, 4x CPU slowdown, performance category
 * only) on the landing page and on the first product's page, three runs each; the median
 * run (by score) is reported. Needs Chromium at /usr/bin/chromium (or CHROME_PATH).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fetchEveryPicture } from './http.mjs';

const RUNS = 3;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOALS = [
  { figure: 'score', min: 95 },
  { figure: 'lcpMs', max: 1500 },
  { figure: 'cls', max: 0.05 },
  { figure: 'scriptKB', max: 150 },
];

/** Bytes of script on the wire (transfer size, compressed as sent) of one Lighthouse run. */
function scriptBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

function figuresOf(lhr) {
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(a['first-contentful-paint'].numericValue),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(a['total-blocking-time'].numericValue),
    cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
    siMs: Math.round(a['speed-index'].numericValue),
    scriptKB: Number((scriptBytes(lhr) / 1024).toFixed(1)),
    // Lighthouse's own measure of the machine's CPU speed (higher is faster): scores from
    // machines far apart in it are not comparable.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

/** One Lighthouse run in a fresh Chromium (cold cache, as a first visit). */
async function runOnce(url) {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
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

async function measurePage(ctx, path) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const figures = figuresOf(await runWithRetries(ctx, `${ctx.url}${path}`));
    ctx.log(`lighthouse ${path} run ${i + 1}: ${JSON.stringify(figures)}`);
    runs.push(figures);
  }
  // The median run by score, ties broken by LCP: one coherent run, not a mix of medians.
  runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  const median = runs[Math.floor(runs.length / 2)];
  return {
    name: `Lighthouse mobile: ${path.startsWith('/product/') ? '/product/:id' : path}`,
    figures: median,
    goals: GOALS,
    note: `median of ${RUNS} runs (by score); default mobile config: simulated slow 4G, 4x CPU slowdown; scores ${runs.map((r) => r.score).join(', ')}`,
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
  return [await measurePage(ctx, '/'), await measurePage(ctx, `/product/${encodeURIComponent(items[0].id)}`)];
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
