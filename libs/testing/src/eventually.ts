/**
 * Polls until `ok(value)` holds and returns that value; fails with the last value after
 * `timeoutMs`. Specs wait for conditions with this, never for fixed times.
 */
export async function eventually<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 15000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
