import { newId } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { startTestService, type TestService } from '@jalaj/testing';

const FIRST_ADMIN = 'first-admin@jalaj.test';

/**
 * Identity's admin role changes over their subjects (real PostgreSQL and NATS, no BFF):
 * only admins (re-checked in the database) change roles, an admin is not added twice,
 * and the shop always keeps one admin.
 */
describe('identity admins (service process, real infra)', () => {
  let identity: TestService;
  let rpc: RpcClient;
  let admin: { id: string; role: 'admin' };

  beforeAll(async () => {
    identity = await startTestService('identity', { env: { ADMIN_EMAIL: FIRST_ADMIN, ADMIN_PASSWORD: 'admin-secret-1' } });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'identity-admins-spec' });
    const [row] = await identity.sql<{ id: string }>('select id from users where email = $1', [FIRST_ADMIN]);
    admin = { id: row!.id, role: 'admin' };
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await identity?.stop();
  });

  async function signUp(): Promise<{ id: string; email: string }> {
    const email = `${newId('u').toLowerCase()}@jalaj.test`;
    const reply = await rpc.request('rpc.identity.accounts.sign-up', { email, password: 'secret-pass-1', fullName: 'Spec Shopper' });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return { id: reply.data.userId, email };
  }
  const roleOf = async (email: string) => (await identity.sql<{ role: string }>('select role from users where email = $1', [email]))[0]?.role;

  it('makes a registered user an admin once, and names an unknown email', async () => {
    const user = await signUp();
    expect(await rpc.request('rpc.identity.admins.add', { actor: admin, email: user.email.toUpperCase() })).toEqual({ ok: true, data: { notice: { code: 'ADMIN_ADDED' }, userId: user.id } });
    expect(await roleOf(user.email)).toBe('admin');
    expect(await rpc.request('rpc.identity.admins.add', { actor: admin, email: user.email })).toMatchObject({ ok: false, error: { code: 'ALREADY_ADMIN' } });
    expect(await rpc.request('rpc.identity.admins.add', { actor: admin, email: 'nobody@jalaj.test' })).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    const list = await rpc.request('rpc.identity.admins.list', { actor: admin });
    expect(list.ok && list.data.items.map((u) => u.email)).toEqual(expect.arrayContaining([FIRST_ADMIN, user.email]));
    // Leave one admin for the next test.
    expect(await rpc.request('rpc.identity.admins.remove', { actor: admin, email: user.email })).toMatchObject({ ok: true, data: { notice: { code: 'ADMIN_REMOVED' } } });
    expect(await rpc.request('rpc.identity.admins.remove', { actor: admin, email: user.email })).toMatchObject({ ok: false, error: { code: 'NOT_ADMIN' } });
  });

  it('never removes the last admin, even themself', async () => {
    expect(await rpc.request('rpc.identity.admins.remove', { actor: admin, email: FIRST_ADMIN })).toMatchObject({ ok: false, error: { code: 'LAST_ADMIN' } });
    expect(await roleOf(FIRST_ADMIN)).toBe('admin');
  });

  it('keeps one admin when two admins remove each other at once', async () => {
    const second = await signUp();
    await rpc.request('rpc.identity.admins.add', { actor: admin, email: second.email });
    const replies = await Promise.all([
      rpc.request('rpc.identity.admins.remove', { actor: admin, email: second.email }),
      rpc.request('rpc.identity.admins.remove', { actor: { id: second.id, role: 'admin' }, email: FIRST_ADMIN }),
    ]);
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(await identity.sql("select email from users where role = 'admin'")).toHaveLength(1);
    // Put the first admin back if it was the one removed.
    if ((await roleOf(FIRST_ADMIN)) !== 'admin') await rpc.request('rpc.identity.admins.add', { actor: { id: second.id, role: 'admin' }, email: FIRST_ADMIN });
    if ((await roleOf(second.email)) === 'admin') await rpc.request('rpc.identity.admins.remove', { actor: admin, email: second.email });
    expect(await roleOf(FIRST_ADMIN)).toBe('admin');
  });

  it("refuses a shopper, and a token's stale admin claim once the role is gone", async () => {
    const user = await signUp();
    const shopper = { id: user.id, role: 'user' as const };
    expect(await rpc.request('rpc.identity.admins.add', { actor: shopper, email: user.email })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await rpc.request('rpc.identity.admins.list', { actor: shopper })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    // The claim says admin, the database says user.
    expect(await rpc.request('rpc.identity.admins.add', { actor: { id: user.id, role: 'admin' }, email: user.email })).toMatchObject({ ok: false, error: { code: 'ADMIN_REQUIRED' } });
    expect(await roleOf(user.email)).toBe('user');
  });
});
