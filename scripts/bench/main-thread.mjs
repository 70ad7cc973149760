#!/usr/bin/env node
/**
 * Where a page's main thread goes on a slow phone (issue #40; docs/performance.md, "Finding
 * where the time goes"): loads the page once in Chromium at a phone's size with the CPU
 * slowed down by CDP (`Emulation.setCPUThrottlingRate`), records a DevTools trace, and
 * prints every task of the page's main thread longer than 30 ms with the longest events
 * inside it (layout, style, a module's evaluation, a React function call), then the time of
 * each kind of event in all.
 *
 *   node scripts/bench/main-thread.mjs http://127.0.0.1:8580/ [slowdown, default 4]
 *
 * Lighthouse's `long-tasks` audit (the bench's log) names a task only by the script it is
 * charged to; this shows what the task did. Timings vary from load to load: compare several.
 */
import { chromium } from '@playwright/test';

const url = process.argv[2];
const slowdown = Number(process.argv[3] ?? 4);
if (!url) {
  console.error('usage: node scripts/bench/main-thread.mjs <url> [slowdown]');
  process.exit(2);
}
const ms = (us) => (us / 1000).toFixed(0);

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'] });
// The scripts load after the first paint (page-boot.ts): until the network is quiet, then an idle moment.
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForFunction(() => new Promise((done) => window.requestIdleCallback(() => done(true), { timeout: 10_000 })), null, { timeout: 20_000 });
const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
await browser.close();

// The renderer's main thread with the most events is the page's (about:blank has its own).
const mains = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const countOf = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
const main = mains.sort((a, b) => countOf(b) - countOf(a))[0];
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const start = Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));

console.log(`${url} at ${slowdown}× CPU slowdown: tasks over 30 ms (ms from the first task), with their longest events`);
for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur > 30_000).sort((a, b) => a.ts - b.ts)) {
  const inside = onMain.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 3_000);
  const longest = new Map();
  for (const e of inside) {
    const where = String(e.args?.data?.url ?? e.args?.data?.functionName ?? '').split('/').pop().slice(0, 40);
    const key = where ? `${e.name} ${where}` : e.name;
    longest.set(key, Math.max(longest.get(key) ?? 0, e.dur));
  }
  const parts = [...longest].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, d]) => `${k} ${ms(d)}`);
  console.log(`  ${ms(task.dur).padStart(4)} ms at ${ms(task.ts - start).padStart(5)}: ${parts.join(' | ')}`);
}
const byName = new Map();
for (const e of onMain) if (e.name !== 'RunTask') byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
console.log('in all (ms; nested events count in their parents too):');
console.log(`  ${[...byName].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, d]) => `${k} ${ms(d)}`).join(' · ')}`);
