import { RpcClient } from '@jalaj/server-kit';
import { startTestService, type TestService } from '@jalaj/testing';

const EMAIL = 'crowd-admin@jalaj.test';
const PASSWORD = 'admin-secret-1';

/**
 * Identity's sessions under a crowd (real PostgreSQL and NATS, no BFF): more sign-ins at
 * once than the service has database connections. Each sign-in's transaction reads the
 * signing keys on its own connection; they once asked the pool for a second one, and ten
 * at once left identity waiting for ever.
 */
describe('identity sessions (service process, real infra)', () => {
  let identity: TestService;
  let rpc: RpcClient;

  beforeAll(async () => {
    identity = await startTestService('identity', { env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD } });
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'identity-sessions-spec' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await identity?.stop();
  });

  it('signs 30 people in at once, three times the connection pool, every one within the timeout', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => rpc.request('rpc.identity.sessions.create', { email: EMAIL, password: PASSWORD }, { timeoutMs: 30_000 })));
    expect(replies.filter((r) => r.ok)).toHaveLength(30);
    const sessions = await identity.sql<{ n: number }>('select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1', [EMAIL]);
    expect(sessions[0]!.n).toBe(30);
  }, 60_000);
});
