/** A reply as a spec looks at it. */
export interface HttpReply {
  status: number;
  // Specs assert on arbitrary JSON shapes.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The `jalaj_rt=…` pair of a Set-Cookie, when the reply set one. */
  cookie?: string;
  location?: string | null;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  cookie?: string;
  /** Sent as the `Idempotency-Key` header: the same key on a retry, as the storefront does. */
  idempotencyKey?: string;
}

/** A private (RFC 1918) address of its own for each client: 10.x.y.z, never 10.0.0.0. */
function clientAddress(): string {
  const n = 1 + Math.floor(Math.random() * 0xfffffe);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A small JSON client for the BFF's HTTP API, as a browser would use it: bearer token,
 * the refresh cookie passed by hand, redirects not followed.
 *
 * Each client is a shopper's device of its own: it sends its own address in
 * `X-Forwarded-For` (the integration setup starts apps with TRUST_PROXY=true), so the
 * per-address rate limits of one spec file never spend another's budget.
 */
export function httpClient(base: string) {
  const address = clientAddress();
  return async function call(method: string, path: string, opts: CallOptions = {}): Promise<HttpReply> {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    const r = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' });
    const text = await r.text();
    const isJson = (r.headers.get('content-type') ?? '').includes('json');
    const setCookie = r.headers.getSetCookie().find((c) => c.startsWith('jalaj_rt='));
    return { status: r.status, body: text && isJson ? JSON.parse(text) : text || null, cookie: setCookie?.split(';')[0], location: r.headers.get('location') };
  };
}

export type HttpCall = ReturnType<typeof httpClient>;

let seq = 0;

/**
 * Signs up a new shopper, follows the confirmation link from the development mailbox, then
 * signs in with the password (the link confirms, it never signs in) and returns the
 * session: what a person does on the sign-up screen, in their mail and on the sign-in screen.
 */
export async function newConfirmedShopper(call: HttpCall, name = 'shopper') {
  const email = `${name}.${Date.now()}.${++seq}@example.in`;
  const password = 'secret-123';
  const signUp = await call('POST', '/api/auth/sign-up', { body: { email, password, fullName: `${name} Roy` } });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const until = Date.now() + 15000;
  for (;;) {
    const mail = (await call('GET', '/dev/mailbox.json')).body.items.find((m: { to: string; subject: string }) => m.to === email && m.subject === 'Confirm your Jalaj account');
    if (mail) {
      const link = new URL(mail.links[0]);
      const confirmed = await call('GET', link.pathname + link.search);
      const session = await call('POST', '/api/auth/sign-in', { body: { email, password } });
      if (session.status !== 200) throw new Error(`sign-in after confirming failed: ${session.status} ${JSON.stringify(session.body)}`);
      return { email, password, token: session.body.accessToken as string, cookie: session.cookie!, user: session.body.user, confirmed };
    }
    if (Date.now() > until) throw new Error(`no confirmation mail for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
