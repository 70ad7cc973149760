/**
 * The shop's own paths in `npm run bench`: the landing page and its script, the catalogue,
 * a signed-in shopper's reads, and cart writes, each against the bare route in the same run.
 * Goals are ratios measured in the same run: the reads' to the bare route at the bench's
 * connections (issue #12); cart writes' to the floor of a cart write (issue #37, ADR 062).
 */
import { randomUUID } from 'node:crypto';
import { startFloor } from './floor.mjs';
import { measureHttp } from './http.mjs';

const noErrors = { figure: 'errors', max: 0 };

export async function bench(ctx) {
  const rows = [];
  /** `at`: where the path is served (the shop, or the floor); `derive(figures)`: figures of its own, added before the row is reported. */
  const measure = async (name, spec, goals = [], { at = ctx, derive = () => ({}) } = {}) => {
    ctx.log(`measuring ${name}…`);
    const { figures: measured, note } = await measureHttp(at, { name, ...spec });
    const figures = { ...measured, ...derive(measured) };
    const row = { name, figures, goals: [noErrors, ...goals], note };
    rows.push(row);
    ctx.report(row);
    return row;
  };
  const get = (path, headers = {}) => ({ steps: [{ build: () => ({ path, headers }) }] });
  // What a browser sends: the shop may answer compressed, and the bare route repeats those bytes.
  const web = { 'accept-encoding': 'br, gzip, deflate' };

  const { items: products } = await (await fetch(`${ctx.url}/api/products`)).json();
  const html = await (await fetch(`${ctx.url}/`)).text();
  // A server-rendered page names its scripts for its boot script (the entry first); the shell has a script tag.
  const script = html.match(/<script data-modules="([^" ]+\.js)/)?.[1] ?? html.match(/<script[^>]*\ssrc="([^"]+\.js)"/)?.[1];
  if (!script) throw new Error('the landing page names no script');

  await measure('GET / (landing page)', get('/', web));
  await measure('GET the landing page script', get(script, web));
  await measure('GET /api/products', get('/api/products'), [{ figure: 'ratio', min: 0.7 }]);
  await measure('GET /api/products/:id', get(`/api/products/${products[0].id}`));

  // One shopper per connection, each with an address and two lines in the cart.
  const shoppers = await ctx.shoppers(ctx.connections);
  const auth = (shopper) => ({ authorization: `Bearer ${shopper.token}` });
  await Promise.all(
    shoppers.map(async (s) => {
      for (const p of products.slice(0, 2)) {
        const r = await fetch(`${ctx.url}/api/cart/items`, { method: 'POST', headers: { ...auth(s), 'content-type': 'application/json' }, body: JSON.stringify({ productId: p.id, quantity: 1 }) });
        if (!r.ok) throw new Error(`filling a bench cart: ${r.status} ${await r.text()}`);
      }
    }),
  );
  const perConnection = (i) => ({ token: shoppers[i % shoppers.length].token });
  const signedIn = (path) => ({ steps: [{ build: (c) => ({ path, headers: { authorization: `Bearer ${c.token}` } }) }], perConnection });
  await measure('GET /api/me', signedIn('/api/me'), [{ figure: 'ratio', min: 0.3 }]);
  await measure('GET /api/me/addresses', signedIn('/api/me/addresses'));
  await measure('GET /api/cart', signedIn('/api/cart'), [
    { figure: 'ratio', min: 0.2 },
    { figure: 'p99Ms', max: 40 },
  ]);
  await measure('GET /api/orders', signedIn('/api/orders'));

  // Cart writes: add a third plant, change its quantity, remove it — per shopper, in turn.
  const writes = { perConnection, steps: cartWriteSteps(products[2]) };
  const shopWrites = await measure('cart writes (add, change quantity, remove)', writes);
  // The same writes through the floor of a write that crosses a service (floor.mjs, ADR 062):
  // the shop's writes reach at least 0.8 of the floor's rate (`shopPerFloor`), with a p99 at
  // most 1.5 times the floor's (`shopP99PerFloor`), issue #37.
  if (ctx.natsUrl && ctx.databaseUrl('cart')) {
    const floor = await startFloor({ natsUrl: ctx.natsUrl, databaseUrl: ctx.databaseUrl('cart') });
    try {
      await measure(
        'cart writes: the floor (one bare hop to the same SQL)',
        writes,
        [
          { figure: 'shopPerFloor', min: 0.8 },
          { figure: 'shopP99PerFloor', max: 1.5 },
        ],
        {
          at: { ...ctx, url: floor.url },
          derive: (f) => ({ shopPerFloor: shopWrites.figures.rps / f.rps, shopP99PerFloor: shopWrites.figures.p99Ms / f.p99Ms }),
        },
      );
    } finally {
      await floor.stop();
    }
  }
  return rows;
}

/**
 * One cycle of cart writes per connection (its context holds the shopper's `token`): add
 * `plant`, change its quantity, remove it. Each carries a fresh `Idempotency-Key`, as the
 * storefront's every state-changing request does (libs/web-kit's api client): the cart
 * service keeps each in its command log.
 */
export function cartWriteSteps(plant) {
  const signedIn = (c) => ({ authorization: `Bearer ${c.token}`, 'idempotency-key': randomUUID() });
  const json = (c) => ({ ...signedIn(c), 'content-type': 'application/json' });
  return [
    {
      build: (c) => ({ method: 'POST', path: '/api/cart/items', headers: json(c), body: JSON.stringify({ productId: plant.id, quantity: 1 }) }),
      onResponse: (status, body, c) => {
        if (status === 200) c.lineId = JSON.parse(body).cart.lines.find((l) => l.productId === plant.id)?.id;
      },
    },
    { build: (c) => ({ method: 'PATCH', path: `/api/cart/items/${c.lineId}`, headers: json(c), body: JSON.stringify({ quantity: 2 }) }) },
    { build: (c) => ({ method: 'DELETE', path: `/api/cart/items/${c.lineId}`, headers: signedIn(c) }) },
  ];
}
