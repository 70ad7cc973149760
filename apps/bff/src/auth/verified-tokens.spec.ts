import { bearerToken, VERIFIED_FOR_MS, VerifiedTokens } from './verified-tokens.js';

const claims = { id: 'usr_1', role: 'user' as const, sessionId: 'ses_1', issuedAtMs: 0 };
const t0 = 1_800_000_000_000;

describe('VerifiedTokens', () => {
  it('remembers a verified token for a minute, never past its expiry', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a', claims, t0 / 1000 + 3600, t0);
    expect(tokens.get('a', t0 + VERIFIED_FOR_MS - 1)).toEqual(claims);
    expect(tokens.get('a', t0 + VERIFIED_FOR_MS)).toBeUndefined();
    tokens.remember('b', claims, t0 / 1000 + 10, t0);
    expect(tokens.get('b', t0 + 9_999)).toEqual(claims);
    expect(tokens.get('b', t0 + 10_000)).toBeUndefined();
  });

  it('does not keep an expired or exp-less token', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('old', claims, t0 / 1000 - 1, t0);
    tokens.remember('none', claims, undefined, t0);
    expect(tokens.size).toBe(0);
  });

  it('keeps at most 5000 tokens, dropping the oldest', () => {
    const tokens = new VerifiedTokens();
    for (let i = 0; i <= 5000; i++) tokens.remember(`t${i}`, claims, t0 / 1000 + 3600, t0);
    expect(tokens.size).toBe(5000);
    expect(tokens.get('t0', t0)).toBeUndefined();
    expect(tokens.get('t5000', t0)).toEqual(claims);
  });
});

describe('bearerToken', () => {
  it('reads the bearer scheme in any case, and nothing else', () => {
    expect(bearerToken({ headers: { authorization: 'Bearer abc' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'bearer abc' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'Basic abc' } })).toBeNull();
    expect(bearerToken({ headers: {} })).toBeNull();
  });
});
