import { AppErrorException } from '@jalaj/contracts';
import { freePort, startApp, type AppHandle } from '@jalaj/local-platform';
import { RpcClient } from '@jalaj/server-kit';
import { integrationEnv, testDatabaseUrl } from '@jalaj/testing';

/**
 * A service takes requests only once it can answer them (issue #39): it subscribes to its
 * subjects after its migrations, seeds and warm-up, so a request sent while it starts on a
 * fresh database finds no responder (the caller's `UNAVAILABLE`, the BFF's 503), never a
 * handler whose tables do not exist yet (`INTERNAL`).
 */
describe('a clean start (real identity and BFF processes, identity on a fresh database)', () => {
  let client: RpcClient;
  let bff: AppHandle;
  let app: AppHandle | undefined;
  let base = '';

  beforeAll(async () => {
    client = RpcClient.standalone({ url: process.env.NATS_URL!, name: `spec-clean-start-${process.pid}` });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    bff = await startApp('bff', { port, env: integrationEnv() });
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    await bff.stop();
    await client.close();
  });

  it('answers nothing before its migrations ran, and every request after', async () => {
    const answers = new Map<string, number>();
    const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
    let starting = true;
    // The shop's refresh over HTTP meanwhile: a 503 that says when to try again, never a 500.
    const statuses = new Map<string, number>();
    const shopProbe = (async () => {
      while (starting) {
        const response = await fetch(`${base}/api/auth/refresh`, { method: 'POST', headers: { cookie: 'jalaj_rt=rt_not_a_session' } });
        const seen = `${response.status}${response.status === 503 ? ` retry-after ${response.headers.get('retry-after')}` : ''}`;
        statuses.set(seen, (statuses.get(seen) ?? 0) + 1);
        await response.arrayBuffer();
      }
    })();
    // A refresh reads the sessions table; asked without pause for as long as identity starts.
    const probe = (async () => {
      while (starting) {
        try {
          const reply = await client.request('rpc.identity.sessions.refresh', { refreshToken: 'rt_not_a_session' }, { timeoutMs: 2000 });
          count(reply.ok ? 'ok' : reply.error.code);
        } catch (e) {
          count(e instanceof AppErrorException ? e.error.code : String(e));
        }
      }
    })();
    app = await startApp('identity', { port: await freePort(), env: { ...integrationEnv(), DATABASE_URL: testDatabaseUrl('identity_clean_start') } });
    starting = false;
    await Promise.all([probe, shopProbe]);
    const ready = await client.request('rpc.identity.sessions.refresh', { refreshToken: 'rt_not_a_session' });
    expect(ready.ok).toBe(false);
    const refusal = ready.ok ? undefined : ready.error.code;
    expect(refusal).not.toBe('INTERNAL');
    // While it started: no responder (UNAVAILABLE), then the same refusal as once it is ready.
    expect(answers.get('UNAVAILABLE')).toBeGreaterThan(0);
    expect([...answers.keys()].filter((code) => code !== 'UNAVAILABLE' && code !== refusal)).toEqual([]);
    const after = await fetch(`${base}/api/auth/refresh`, { method: 'POST', headers: { cookie: 'jalaj_rt=rt_not_a_session' } });
    expect(after.status).toBeLessThan(500);
    expect(statuses.get('503 retry-after 2')).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s !== '503 retry-after 2' && s !== String(after.status))).toEqual([]);
  }, 90_000);
});
