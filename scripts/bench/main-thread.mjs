#!/usr/bin/env node
/**
 * Where a page's main thread goes on a slow phone (issue #40; docs/performance.md, "Finding
 * where the time goes"): loads the page once in Chromium at a phone's size with the CPU
 * slowed down by CDP (`Emulation.setCPUThrottlingRate`), records a DevTools trace, and
 * prints every task of the page's main thread longer than 30 ms with the longest events
 * inside it (layout, style, a module's evaluation, a React function call), then the time of
 * each kind of event in all (trace-tasks.mjs, which also reads a trace Lighthouse kept).
 *
 *   node scripts/bench/main-thread.mjs http://127.0.0.1:8580/ [slowdown, default 4]
 *
 * Lighthouse's `long-tasks` audit (the bench's log) names a task only by the script it is
 * charged to; this shows what the task did. Timings vary from load to load: compare several.
 */
import { chromium } from '@playwright/test';
import { printMainThreadTasks } from './trace-tasks.mjs';

const url = process.argv[2];
const slowdown = Number(process.argv[3] ?? 4);
if (!url) {
  console.error('usage: node scripts/bench/main-thread.mjs <url> [slowdown]');
  process.exit(2);
}

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

console.log(`${url} at ${slowdown}× CPU slowdown`);
printMainThreadTasks(events, { minMs: 30 });
