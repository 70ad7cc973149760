/**
 * Shoppers for the bench, made the way a person becomes one: sign-up, the confirmation
 * mail (read from the development mailbox of the bench's own shop), confirm, sign in. The bench
 * stack sets RATE_LIMIT_FACTOR so one address may sign many up.
 */
const json = { 'content-type': 'application/json' };

/** The password of every bench shopper. */
export const BENCH_PASSWORD = 'aquarium-bench-1';

/** POSTs (JSON when there is a body); a 503 (a service busy on this shared machine) is tried again, up to 5 times. */
async function send(url, body, headers = {}) {
  let r;
  let text;
  for (let attempt = 0; attempt < 5; attempt++) {
    r = await fetch(url, { method: 'POST', headers: body === undefined ? headers : { ...json, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    text = await r.text();
    if (r.status !== 503) break;
  }
  if (!r.ok) throw new Error(`POST ${new URL(url).pathname} answered ${r.status}: ${text.slice(0, 200)}`);
  return { r, data: text ? JSON.parse(text) : null };
}

const post = async (url, body, headers) => (await send(url, body, headers)).data;

/** The refresh cookie a session answer set, as the value of a `cookie` request header. */
const refreshCookieOf = (r) =>
  r.headers
    .getSetCookie()
    .find((c) => c.startsWith('jalaj_rt='))
    ?.split(';')[0];

/**
 * What the storefront does when an access token has expired (ACCESS_TOKEN_TTL_SECONDS, 10
 * minutes): one POST /api/auth/refresh with the refresh cookie, which rotates it. Calls for
 * the same shopper meanwhile wait for that one refresh: a rotated token sent twice ends the
 * session (reuse detection).
 */
export function refreshSession(url, shopper) {
  shopper.refreshing ??= (async () => {
    if (!shopper.refreshCookie) throw new Error(`${shopper.email} has no refresh cookie`);
    const { r, data } = await send(`${url}/api/auth/refresh`, undefined, { cookie: shopper.refreshCookie });
    if (!data?.accessToken) throw new Error(`POST /api/auth/refresh gave ${shopper.email} no session`);
    shopper.token = data.accessToken;
    shopper.refreshCookie = refreshCookieOf(r) ?? shopper.refreshCookie;
  })().finally(() => {
    shopper.refreshing = undefined;
  });
  return shopper.refreshing;
}

/** An access token of an existing account. */
export async function signIn(url, email, password) {
  return (await post(`${url}/api/auth/sign-in`, { email, password })).accessToken;
}

/** The default address every bench shopper gets when asked for: a Kolkata one. */
export const BENCH_ADDRESS = { nickname: 'Home', fullName: 'Bench Shopper', phone: '9830012345', addressLine1: '12 Park Street', addressLine2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'India', addressType: 'both' };

/**
 * Signs `n` new shoppers up and in. Returns `{ email, token, refreshCookie, id }` each; with
 * `withAddress`, each also has BENCH_ADDRESS as its default address (`addressId`).
 */
export async function createShoppers(url, n, { label = 'bench', withAddress = false } = {}) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const emails = Array.from({ length: n }, (_, i) => `${label}-${run}-${i}@bench.jalaj.shop`);
  for (let i = 0; i < n; i += 5) {
    await Promise.all(emails.slice(i, i + 5).map((email) => post(`${url}/api/auth/sign-up`, { email, password: BENCH_PASSWORD, fullName: 'Bench Shopper' })));
  }
  const tokens = new Map();
  for (let attempt = 0; tokens.size < n; attempt++) {
    if (attempt === 100) throw new Error(`only ${tokens.size} of ${n} confirmation mails arrived`);
    if (attempt) await new Promise((r) => setTimeout(r, 200));
    const { items } = await (await fetch(`${url}/dev/mailbox.json`)).json();
    for (const m of items) {
      const email = m.to.toLowerCase();
      if (!emails.includes(email) || tokens.has(email)) continue;
      const link = m.links.map((l) => new URL(l)).find((l) => l.pathname === '/api/auth/confirm');
      if (link) tokens.set(email, link.searchParams.get('token'));
    }
  }
  const shoppers = [];
  for (let i = 0; i < n; i += 5) {
    shoppers.push(
      ...(await Promise.all(
        emails.slice(i, i + 5).map(async (email) => {
          // Confirming starts no session (issue #39): the shopper signs in as a person does.
          await send(`${url}/api/auth/confirm`, { token: tokens.get(email) });
          const { r, data: session } = await send(`${url}/api/auth/sign-in`, { email, password: BENCH_PASSWORD });
          const shopper = { email, token: session.accessToken, refreshCookie: refreshCookieOf(r), id: session.user.id };
          if (withAddress) shopper.addressId = (await post(`${url}/api/me/addresses`, BENCH_ADDRESS, { authorization: `Bearer ${shopper.token}` })).id;
          return shopper;
        }),
      )),
    );
  }
  return shoppers;
}
