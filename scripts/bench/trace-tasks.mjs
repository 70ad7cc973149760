#!/usr/bin/env node
/**
 * The main thread's tasks in a Chromium trace (docs/performance.md, "Finding where the time
 * goes"): each task of the page's renderer over `minMs`, its start after navigation, its
 * length and its longest events (layout, style, a module's evaluation, a timer, a function of
 * a chunk), then the time of each kind of event in all. main-thread.mjs prints a trace it
 * records this way; run alone, this reads a trace Lighthouse's run kept
 * (BENCH_LIGHTHOUSE_TRACES), the unthrottled one its simulation times: a task of the real
 * length here × the run's slowdown is one of its long tasks, and a task that waits on a
 * request is placed after that request's simulated answer.
 *
 *   BENCH_ONLY=lighthouse BENCH_LIGHTHOUSE_PAGES=/ BENCH_LIGHTHOUSE_TRACES=/tmp/traces npm run bench
 *   node scripts/bench/trace-tasks.mjs /tmp/traces/home-….json [minMs, default 5]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const ms = (us) => (us / 1000).toFixed(us < 10_000 ? 1 : 0);

/** Prints the tasks of `events` (a trace's events) over `minMs` and the time of each kind of event. */
export function printMainThreadTasks(events, { minMs }) {
  // The renderer's main thread with the most events is the page's (about:blank has its own).
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const counts = new Map();
  for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const countOf = (m) => counts.get(`${m.pid}:${m.tid}`) ?? 0;
  const main = mains.sort((a, b) => countOf(b) - countOf(a))[0];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.pid === main.pid);
  const start = navigation?.ts ?? Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));

  console.log(`tasks over ${minMs} ms (ms from the navigation), with their longest events`);
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur > minMs * 1000).sort((a, b) => a.ts - b.ts)) {
    const inside = onMain.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > task.dur / 20);
    const longest = new Map();
    for (const e of inside) {
      const where = String(e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.data?.type ?? '').split('/').pop().slice(0, 40);
      const key = where ? `${e.name} ${where}` : e.name;
      longest.set(key, Math.max(longest.get(key) ?? 0, e.dur));
    }
    const parts = [...longest].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, d]) => `${k} ${ms(d)}`);
    console.log(`  ${ms(task.dur).padStart(5)} ms at ${ms(task.ts - start).padStart(5)}: ${parts.join(' | ')}`);
  }
  const byName = new Map();
  for (const e of onMain) if (e.name !== 'RunTask') byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
  console.log('in all (ms; nested events count in their parents too):');
  console.log(`  ${[...byName].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, d]) => `${k} ${ms(d)}`).join(' · ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, minMs = '5'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/bench/trace-tasks.mjs <trace.json> [minMs]');
    process.exit(2);
  }
  const trace = JSON.parse(readFileSync(file, 'utf8'));
  printMainThreadTasks(Array.isArray(trace) ? trace : trace.traceEvents, { minMs: Number(minMs) });
}
