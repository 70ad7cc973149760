#!/usr/bin/env node
/**
 * `npm run fuzz`: hostile input against every BFF route (issue #13, ADR 033), the long run
 * of apps/e2e/src/system/hostile-input.int-spec.ts. Starts a shop of its own (every app
 * once, the PhonePe sandbox, on free ports with fresh data), makes two shoppers with an
 * address, a cart line and a started checkout each, then:
 * - the authorization matrix generated from the route list (401 without a token, 403 for a
 *   shopper on admin routes, 404 for another shopper's ids, no mass-assigned field);
 * - every route's hostile cases, generated from the route contract's schemas
 *   (libs/testing hostile-input.ts), each answer checked: no 5xx, no internal detail in the
 *   body, and a refused write changed nothing (read back).
 * Prints a table (route, cases, 4xx, 5xx, leaks, partial writes) and exits 1 on any finding.
 *
 * Options: --seed=N (default 13; the same seed sends the same cases), --cases=N per route
 * (default: every case the generators have), --seconds=N (stop sending new cases after
 * that long; default 900), --routes=id,id (only these routes of HTTP_ROUTES, e.g.
 * `--routes=cart.addItem,me.update`).
 */
import { authorizationMatrix, fuzzRoutes, prepareHostileFixtures, unclassifiedRoutes } from '@jalaj/testing';
import { OWN_SHOP_ADMIN, startOwnShop, stopOwnShops } from './lib/own-shop.mjs';
import { superviseSelf } from '@jalaj/local-platform';

// Its own process group: Ctrl-C stops the shop's apps first and its backing services last.
await superviseSelf(import.meta.url);

const option = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    process.stderr.write(`--${name} takes a whole number\n`);
    process.exit(2);
  }
  return value;
};
const SEED = option('seed', 13);
const CASES = option('cases', undefined);
const SECONDS = option('seconds', 900);
const ROUTES = process.argv.find((a) => a.startsWith('--routes='))?.slice('--routes='.length).split(',');
const say = (line) => process.stderr.write(`[fuzz] ${line}\n`);

let shop;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopOwnShops().then(() => process.exit(130)));

let rows = [];
let findings = [];
let checks = 0;
try {
  const unclassified = unclassifiedRoutes();
  if (unclassified.length) throw new Error(`routes without a class in ROUTE_CLASSES (libs/testing/src/route-classes.ts): ${unclassified.join(', ')}`);
  // One client address sends everything (X-Forwarded-For, trusted here): the limits are not what this run is about.
  // The apps' errors (level 50 and above) go to stderr: a finding's cause is there.
  const onLine = (app, line) => /"level":(5|6)\d/.test(line) && say(`${app}: ${line.slice(0, 2000)}`);
  shop = await startOwnShop({ name: 'fuzz', env: { TRUST_PROXY: 'true' }, log: say, onLine });
  const { base } = shop;
  say('making two shoppers, an order each, a product…');
  const fixtures = await prepareHostileFixtures(base, OWN_SHOP_ADMIN);
  say('authorization matrix…');
  const matrix = await authorizationMatrix(base, fixtures);
  checks = matrix.checks;
  findings.push(...matrix.findings);
  say(`hostile input, seed ${SEED}, ${CASES ?? 'every'} case(s) per route, for at most ${SECONDS} s…`);
  const fuzz = await fuzzRoutes(base, fixtures, {
    seed: SEED,
    casesPerRoute: CASES,
    routes: ROUTES,
    until: Date.now() + SECONDS * 1000,
    onRoute: (r) => say(`  ${r.route}: ${r.cases} cases, ${r['5xx']} 5xx, ${r.leaks} leaks, ${r.partialWrites} partial writes`),
  });
  rows = fuzz.rows;
  findings.push(...fuzz.findings);
} catch (e) {
  say(`could not run: ${e.stack ?? e}`);
  findings.push({ route: 'the run itself', kind: 'error', label: '', status: 0, detail: String(e) });
} finally {
  await stopOwnShops();
}

console.log('\nroute | cases | 4xx | 5xx | leaks | partial writes');
console.log('--- | ---: | ---: | ---: | ---: | ---:');
for (const r of rows) console.log(`${r.route} | ${r.cases} | ${r['4xx']} | ${r['5xx']} | ${r.leaks} | ${r.partialWrites}`);
const total = (k) => rows.reduce((n, r) => n + r[k], 0);
console.log(`every route | ${total('cases')} | ${total('4xx')} | ${total('5xx')} | ${total('leaks')} | ${total('partialWrites')}`);
console.log(`\nauthorization matrix: ${checks} checks, ${findings.filter((f) => f.kind === 'authorization' || f.kind === 'mass assignment').length} failed`);
for (const f of findings) console.log(`\n${f.kind} — ${f.route} — ${f.label} (${f.status}): ${f.detail}`);
console.log(findings.length ? `\n${findings.length} finding(s) (seed ${SEED})` : `\nno findings (seed ${SEED})`);
process.exit(findings.length ? 1 : 0);
