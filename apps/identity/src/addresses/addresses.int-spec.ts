import { newId, type Address, type AddressInputBody } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';
import { startTestService, type TestService } from '@jalaj/testing';

/**
 * Identity's addresses over their subjects (real PostgreSQL and NATS, no BFF): at most one
 * default of each kind, handed on when a default is deleted or retyped, and every id
 * scoped to its owner.
 */
describe('identity addresses (service process, real infra)', () => {
  let identity: TestService;
  let rpc: RpcClient;
  /** A registered shopper: an address belongs to an existing account. */
  async function shopper() {
    const reply = await rpc.request('rpc.identity.accounts.sign-up', { email: `${newId('u').toLowerCase()}@jalaj.test`, password: 'secret-pass-1', fullName: 'Asha Roy' });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return { id: reply.data.userId, role: 'user' as const };
  }
  const input = (over: Partial<AddressInputBody> = {}): AddressInputBody => ({
    nickname: 'Home',
    fullName: 'Asha Roy',
    phone: '9876543210',
    addressLine1: '12 Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    postalCode: '700016',
    country: 'India',
    addressType: 'both',
    ...over,
  });

  beforeAll(async () => {
    identity = await startTestService('identity');
    rpc = RpcClient.standalone({ url: process.env.NATS_URL!, name: 'identity-addresses-spec' });
  }, 90000);

  afterAll(async () => {
    await rpc?.close();
    await identity?.stop();
  });

  async function create(actor: { id: string; role: 'user' }, over: Partial<AddressInputBody> = {}): Promise<Address> {
    const reply = await rpc.request('rpc.identity.addresses.create', { actor, address: input(over) });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.data;
  }
  /** Per kind, the nicknames flagged default in the database. */
  async function defaults(userId: string) {
    const rows = await identity.sql<{ nickname: string; s: boolean; b: boolean }>('select nickname, is_default_shipping as s, is_default_billing as b from user_addresses where user_id = $1', [userId]);
    return { shipping: rows.filter((r) => r.s).map((r) => r.nickname), billing: rows.filter((r) => r.b).map((r) => r.nickname) };
  }

  it('makes the first address of each kind the default and keeps it when more are added', async () => {
    const me = await shopper();
    expect(await create(me, { nickname: 'Ship', addressType: 'shipping' })).toMatchObject({ isDefaultShipping: true, isDefaultBilling: false });
    expect(await create(me, { nickname: 'Both' })).toMatchObject({ isDefaultShipping: false, isDefaultBilling: true });
    await create(me, { nickname: 'Bill', addressType: 'billing' });
    expect(await defaults(me.id)).toEqual({ shipping: ['Ship'], billing: ['Both'] });
  });

  it('moves a default with set-default, one of each kind, and refuses a kind the address cannot serve', async () => {
    const me = await shopper();
    await create(me, { nickname: 'A' });
    const b = await create(me, { nickname: 'B' });
    const billingOnly = await create(me, { nickname: 'C', addressType: 'billing' });
    const reply = await rpc.request('rpc.identity.addresses.set-default', { actor: me, id: b.id, kind: 'shipping' });
    expect(reply.ok && reply.data.items.filter((a) => a.isDefaultShipping).map((a) => a.id)).toEqual([b.id]);
    expect(await defaults(me.id)).toEqual({ shipping: ['B'], billing: ['A'] });
    expect(await rpc.request('rpc.identity.addresses.set-default', { actor: me, id: billingOnly.id, kind: 'shipping' })).toEqual({ ok: false, error: { code: 'DEFAULT_ADDRESS_FAILED', data: { kind: 'shipping' } } });
    expect(await defaults(me.id)).toEqual({ shipping: ['B'], billing: ['A'] });
  });

  it('hands a default to the newest address that can take it when the default is deleted or retyped', async () => {
    const me = await shopper();
    const first = await create(me, { nickname: 'First' });
    await create(me, { nickname: 'Older', addressType: 'shipping' });
    await create(me, { nickname: 'Newest' });
    expect(await rpc.request('rpc.identity.addresses.delete', { actor: me, id: first.id })).toEqual({ ok: true, data: { id: first.id } });
    expect(await defaults(me.id)).toEqual({ shipping: ['Newest'], billing: ['Newest'] });

    const newest = (await identity.sql<{ id: string }>("select id from user_addresses where user_id = $1 and nickname = 'Newest'", [me.id]))[0]!;
    expect(await rpc.request('rpc.identity.addresses.update', { actor: me, id: newest.id, address: input({ nickname: 'Newest', addressType: 'billing' }) })).toMatchObject({ ok: true, data: { isDefaultShipping: false, isDefaultBilling: true } });
    expect(await defaults(me.id)).toEqual({ shipping: ['Older'], billing: ['Newest'] });
  });

  it('keeps one default of each kind when addresses are added at once', async () => {
    const me = await shopper();
    await Promise.all(['1', '2', '3', '4'].map((n) => create(me, { nickname: n })));
    const d = await defaults(me.id);
    expect(d.shipping).toHaveLength(1);
    expect(d.billing).toHaveLength(1);
  });

  it("refuses invalid input with its fields, and never lets a user see or touch another user's address", async () => {
    const owner = await shopper();
    const other = await shopper();
    const reply = await rpc.request('rpc.identity.addresses.create', { actor: owner, address: input({ postalCode: '12' }) });
    expect(reply).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(!reply.ok && reply.error.fieldErrors?.map((f) => f.field)).toEqual(['postalCode']);

    const mine = await create(owner, { nickname: 'Mine' });
    expect(await rpc.request('rpc.identity.addresses.list', { actor: other })).toEqual({ ok: true, data: { items: [] } });
    expect(await rpc.request('rpc.identity.addresses.update', { actor: other, id: mine.id, address: input({ nickname: 'Taken' }) })).toMatchObject({ ok: false, error: { code: 'ADDRESS_NOT_FOUND' } });
    expect(await rpc.request('rpc.identity.addresses.set-default', { actor: other, id: mine.id, kind: 'billing' })).toMatchObject({ ok: false, error: { code: 'ADDRESS_NOT_FOUND' } });
    expect(await rpc.request('rpc.identity.addresses.delete', { actor: other, id: mine.id })).toMatchObject({ ok: false, error: { code: 'ADDRESS_NOT_FOUND' } });
    expect(await rpc.request('rpc.identity.addresses.list', { actor: owner })).toEqual({ ok: true, data: { items: [mine] } });
  });
});
