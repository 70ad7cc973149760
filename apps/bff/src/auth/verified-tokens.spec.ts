import { bearerToken, VERIFIED_FOR_MS, VerifiedTokens } from './verified-tokens.js';

const claims = { id: 'usr_1', role: 'user' as const, sessionId: 'ses_1', issuedAtMs: 0 };
const t0 = 1_800_000_000_000;

/** Tokens read by a clock the spec moves. */
function tokensAt(start: number) {
  const tokens = new VerifiedTokens();
  let now = start;
  tokens.now = () => now;
  return { tokens, at: (t: number) => void (now = t) };
}

describe('VerifiedTokens', () => {
  it('remembers a verified token for a minute, never past its expiry', () => {
    const { tokens, at } = tokensAt(t0);
    tokens.remember('a', claims, t0 / 1000 + 3600);
    tokens.remember('b', claims, t0 / 1000 + 10);
    at(t0 + 9_999);
    expect(tokens.get('b')).toEqual(claims);
    at(t0 + 10_000);
    expect(tokens.get('b')).toBeUndefined();
    at(t0 + VERIFIED_FOR_MS - 1);
    expect(tokens.get('a')).toEqual(claims);
    at(t0 + VERIFIED_FOR_MS);
    expect(tokens.get('a')).toBeUndefined();
  });

  it('does not keep an expired or exp-less token', () => {
    const { tokens } = tokensAt(t0);
    tokens.remember('old', claims, t0 / 1000 - 1);
    tokens.remember('none', claims, undefined);
    expect(tokens.size).toBe(0);
  });

  it('keeps at most 5000 tokens, dropping the least recently used', () => {
    const { tokens } = tokensAt(t0);
    for (let i = 0; i <= 5000; i++) tokens.remember(`t${i}`, claims, t0 / 1000 + 3600);
    expect(tokens.size).toBe(5000);
    expect(tokens.get('t0')).toBeUndefined();
    expect(tokens.get('t5000')).toEqual(claims);
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
