import { newId } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { startTestService, type TestService } from '@jalaj/testing';

const FIRST_ADMIN = 'lookup-admin@jalaj.test';

/**
 * The Orders tab's customer look-ups over identity's subjects (real PostgreSQL and NATS):
 * names and emails of a page's user ids in one request, and the ids whose email or name
 * contains a search, both for admins only (re-checked in the database).
 */
describe('identity profile look-ups (service process, real infra)', () => {
  let identity: TestService;
  let rpc: RpcClient;
  let admin: { id: string; role: 'admin' };

  beforeAll(async () => {
    identity = await startTestService('identity', { env: { ADMIN_EMAIL: FIRST_ADMIN, ADMIN_PASSWORD: 'admin-secret-1' } });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'identity-lookup-spec' });
    const [row] = await identity.sql<{ id: string }>('select id from users where email = $1', [FIRST_ADMIN]);
    admin = { id: row!.id, role: 'admin' };
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await identity?.stop();
  });

  async function signUp(fullName: string, local = newId('u').toLowerCase()): Promise<{ id: string; email: string }> {
    const email = `${local}@jalaj.test`;
    const reply = await rpc.request('rpc.identity.accounts.sign-up', { email, password: 'secret-pass-1', fullName });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return { id: reply.data.userId, email };
  }

  it("answers the accounts of the ids it knows, leaving out the others", async () => {
    const a = await signUp('Ananya Sen');
    const b = await signUp('Bikram Das');
    const reply = await rpc.request('rpc.identity.profiles.lookup', { actor: admin, ids: [a.id, b.id, a.id, 'usr_gone'] });
    expect(reply.ok).toBe(true);
    const items = reply.ok ? [...reply.data.items].sort((x, y) => x.fullName!.localeCompare(y.fullName!)) : [];
    expect(items).toEqual([
      { id: a.id, fullName: 'Ananya Sen', email: a.email },
      { id: b.id, fullName: 'Bikram Das', email: b.email },
    ]);
    expect(await rpc.request('rpc.identity.profiles.lookup', { actor: admin, ids: [] })).toEqual({ ok: true, data: { items: [] } });
  });

  it('finds accounts by part of the email or the name, any case, newest first', async () => {
    const tag = newId('t').slice(-8).toLowerCase();
    const older = await signUp(`Meera ${tag} Iyer`);
    const newer = await signUp('Someone Else', `buyer.${tag}`);
    expect(await rpc.request('rpc.identity.profiles.search', { actor: admin, query: tag.toUpperCase() })).toEqual({ ok: true, data: { ids: [newer.id, older.id] } });
    expect(await rpc.request('rpc.identity.profiles.search', { actor: admin, query: `meera ${tag}` })).toEqual({ ok: true, data: { ids: [older.id] } });
  });

  it('takes % and _ in a search literally', async () => {
    const tag = newId('t').slice(-8).toLowerCase();
    const underscored = await signUp('Under Score', `a_${tag}`);
    await signUp('Plain Name', `ab${tag}`);
    expect(await rpc.request('rpc.identity.profiles.search', { actor: admin, query: `a_${tag}` })).toEqual({ ok: true, data: { ids: [underscored.id] } });
    expect(await rpc.request('rpc.identity.profiles.search', { actor: admin, query: `%${tag}` })).toEqual({ ok: true, data: { ids: [] } });
  });

  it("refuses a shopper, and a token's stale admin claim", async () => {
    const user = await signUp('Plain Shopper');
    for (const actor of [{ id: user.id, role: 'user' as const }, { id: user.id, role: 'admin' as const }]) {
      expect(await rpc.request('rpc.identity.profiles.lookup', { actor, ids: [user.id] })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
      expect(await rpc.request('rpc.identity.profiles.search', { actor, query: 'shopper' })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    }
  });
});
