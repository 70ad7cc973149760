import { jest } from '@jest/globals';
import type { Actor } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';
import { ADMIN_RECHECK_MS, AdminCheck } from './admin-check.js';

const admin: Actor = { id: 'usr_admin', role: 'admin' };

/** AdminCheck against a fake identity whose answer the test changes. */
function setup() {
  const identity = { role: 'admin' as 'admin' | 'user' | 'down', asked: 0 };
  const rpc = {
    request: async () => {
      identity.asked++;
      return identity.role === 'down' ? { ok: false, error: { code: 'UNAVAILABLE' } } : { ok: true, data: { role: identity.role } };
    },
  } as unknown as RpcClient;
  return { identity, check: new AdminCheck(rpc) };
}

describe('the admin re-check', () => {
  afterEach(() => jest.useRealTimers());

  it('reuses a yes for reads within the interval, and asks again after it', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z') });
    const { identity, check } = setup();
    expect(await check.mayRead(admin)).toBe(true);
    expect(await check.mayRead(admin)).toBe(true);
    expect(identity.asked).toBe(1);
    identity.role = 'user';
    jest.advanceTimersByTime(ADMIN_RECHECK_MS + 1);
    // Demoted in identity: refused at the next re-check, and a refusal is never reused.
    expect(await check.mayRead(admin)).toBe(false);
    expect(await check.mayRead(admin)).toBe(false);
    expect(identity.asked).toBe(3);
  });

  it('asks identity for every change, even right after a read (spec §6: each deletion re-checks)', async () => {
    const { identity, check } = setup();
    expect(await check.mayRead(admin)).toBe(true);
    identity.role = 'user';
    expect(await check.isAdmin(admin)).toBe(false);
    // The change's answer also ends the reads' reuse.
    expect(await check.mayRead(admin)).toBe(false);
    expect(identity.asked).toBe(3);
  });

  it('never asks for a token without the admin role, and never reads a failure as yes', async () => {
    const { identity, check } = setup();
    expect(await check.mayRead({ id: 'usr_a', role: 'user' })).toBe(false);
    expect(identity.asked).toBe(0);
    identity.role = 'down';
    await expect(check.mayRead(admin)).rejects.toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});
