/**
 * The shop's own paths in `npm run bench`: the landing page and its script, the catalogue,
 * a signed-in shopper's reads, and cart writes, each against the bare route in the same run.
 * Goals (issue #12) are ratios to the bare route at the bench's connections.
 */
import { measureHttp } from './http.mjs';

const noErrors = { figure: 'errors', max: 0 };

export async function bench(ctx) {
  const rows = [];
  const measure = async (name, spec, goals = []) => {
    ctx.log(`measuring ${name}…`);
    const { figures, note } = await measureHttp(ctx, { name, ...spec });
    const row = { name, figures, goals: [noErrors, ...goals], note };
    rows.push(row);
    ctx.report(row);
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
  await measure(
    'cart writes (add, change quantity, remove)',
    { perConnection, steps: cartWriteSteps(products[2]) },
    [
      { figure: 'ratio', min: 0.1 },
      { figure: 'p99Ms', max: 60 },
    ],
  );
  return rows;
}

/**
 * One cycle of cart writes per connection (its context holds the shopper's `token`): add
 * `plant`, change its quantity, remove it.
 */
export function cartWriteSteps(plant) {
  const json = (c) => ({ authorization: `Bearer ${c.token}`, 'content-type': 'application/json' });
  return [
    {
      build: (c) => ({ method: 'POST', path: '/api/cart/items', headers: json(c), body: JSON.stringify({ productId: plant.id, quantity: 1 }) }),
      onResponse: (status, body, c) => {
        if (status === 200) c.lineId = JSON.parse(body).cart.lines.find((l) => l.productId === plant.id)?.id;
      },
    },
    { build: (c) => ({ method: 'PATCH', path: `/api/cart/items/${c.lineId}`, headers: json(c), body: JSON.stringify({ quantity: 2 }) }) },
    { build: (c) => ({ method: 'DELETE', path: `/api/cart/items/${c.lineId}`, headers: { authorization: `Bearer ${c.token}` } }) },
  ];
}
