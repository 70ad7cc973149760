import { AppErrorException } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';
import { AdminTokenService, bearerToken } from './admin-token.service.js';

const rpc = { request: async () => ({ keys: [] }) } as unknown as RpcClient;

const refusal = async (authorization: string | undefined) => {
  try {
    await new AdminTokenService(rpc).admin(authorization);
  } catch (e) {
    if (e instanceof AppErrorException) return e.error.code;
    throw e;
  }
  return 'accepted';
};

describe('AdminTokenService', () => {
  it('reads only a bearer token', () => {
    expect(bearerToken('Bearer abc ')).toBe('abc');
    expect(bearerToken(['Bearer x', 'Bearer y'])).toBe('x');
    expect(bearerToken('Basic abc')).toBe('');
    expect(bearerToken(undefined)).toBe('');
  });

  it('refuses a missing, empty or unsigned token: a forged actor is not an admin', async () => {
    expect(await refusal(undefined)).toBe('UNAUTHENTICATED');
    expect(await refusal('Bearer ')).toBe('UNAUTHENTICATED');
    const unsigned = [{ alg: 'none' }, { sub: 'usr_1', sid: 'ses_1', role: 'admin', iss: 'jalaj-identity', aud: 'jalaj-bff' }]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.');
    expect(await refusal(`Bearer ${unsigned}.`)).toBe('UNAUTHENTICATED');
  });
});
