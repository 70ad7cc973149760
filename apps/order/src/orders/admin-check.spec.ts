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

  it('asks identity once per interval for a confirmed admin, and again after it', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z') });
    const { identity, check } = setup();
    expect(await check.isAdmin(admin)).toBe(true);
    expect(await check.isAdmin(admin)).toBe(true);
    expect(identity.asked).toBe(1);
    identity.role = 'user';
    jest.advanceTimersByTime(ADMIN_RECHECK_MS + 1);
    // Demoted in identity: refused at the next re-check, and the refusal is not remembered as anything.
    expect(await check.isAdmin(admin)).toBe(false);
    expect(await check.isAdmin(admin)).toBe(false);
    expect(identity.asked).toBe(3);
  });

  it('never asks for a token without the admin role, and never reads a failure as yes', async () => {
    const { identity, check } = setup();
    expect(await check.isAdmin({ id: 'usr_a', role: 'user' })).toBe(false);
    expect(identity.asked).toBe(0);
    identity.role = 'down';
    await expect(check.isAdmin(admin)).rejects.toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});
