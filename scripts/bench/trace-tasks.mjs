#!/usr/bin/env node
/**
 * The main thread's tasks in a Chromium trace, to tell which task a long one of Lighthouse's
 * is (docs/performance.md, "Finding where the time goes"): each task of the page's renderer
 * of at least `minMs` (5) real milliseconds, its start after navigation, its length, what
 * started it (a timer, an event, a module, a function of a chunk) and what it spent its time
 * on. Lighthouse's simulation multiplies these lengths by its CPU slowdown and places a task
 * that waits on the network after that request's simulated answer.
 *
 *   BENCH_ONLY=lighthouse BENCH_LIGHTHOUSE_PAGES=/ BENCH_LIGHTHOUSE_TRACES=/tmp/traces npm run bench
 *   node scripts/bench/trace-tasks.mjs /tmp/traces/home-….json [minMs]
 */
import { readFileSync } from 'node:fs';

const [file, min = '5'] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-tasks.mjs <trace.json> [minMs]');
const trace = JSON.parse(readFileSync(file, 'utf8'));
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The page's renderer: the main thread with the most complete events.
const threadOf = (e) => `${e.pid}:${e.tid}`;
const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf));
const counts = new Map();
for (const e of events) if (e.ph === 'X' && mains.has(threadOf(e))) counts.set(threadOf(e), (counts.get(threadOf(e)) ?? 0) + 1);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
const onMain = events.filter((e) => e.ph === 'X' && threadOf(e) === main);
const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && threadOf(e) === main);

const STARTERS = ['FunctionCall', 'EventDispatch', 'TimerFire', 'v8.evaluateModule', 'EvaluateScript', 'ParseHTML', 'FireAnimationFrame'];
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur >= Number(min) * 1000).sort((a, b) => a.ts - b.ts);
const origin = navigation?.ts ?? tasks[0]?.ts ?? 0;
for (const task of tasks) {
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 200);
  const spent = new Map();
  for (const e of inside) spent.set(e.name, (spent.get(e.name) ?? 0) + e.dur);
  const top = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`).join(', ');
  const starter = inside.find((e) => STARTERS.includes(e.name));
  const data = starter?.args?.data ?? {};
  const what = starter ? [starter.name, (data.url ?? '').split('/').pop(), data.functionName ?? data.type ?? ''].filter(Boolean).join(' ') : '';
  console.log(`${((task.ts - origin) / 1000).toFixed(0).padStart(6)} ms ${(task.dur / 1000).toFixed(1).padStart(6)} ms  ${what.padEnd(44)} ${top}`);
}
