import { planSigningKeys, type KeyRow } from './signing-keys.js';

const MIN = 60_000;
const policy = { rotationMs: 30 * 24 * 60 * MIN, activationMs: 2 * MIN, retireAfterMs: 65 * MIN };
const now = Date.UTC(2026, 11, 1);
const key = (kid: string, ageMs: number, alg = 'ES256'): KeyRow => ({ kid, alg, createdAt: new Date(now - ageMs) });

describe('planSigningKeys', () => {
  it('mints the first key when there is none, and ignores EdDSA keys of earlier installs', () => {
    expect(planSigningKeys([], now, policy)).toEqual({ signing: null, published: [], retire: [], mint: true });
    expect(planSigningKeys([key('key_ed', 10 * MIN, 'EdDSA')], now, policy)).toMatchObject({ signing: null, published: [], mint: true });
  });

  it('signs with a brand-new only key at once', () => {
    expect(planSigningKeys([key('key_a', 0)], now, policy)).toEqual({ signing: 'key_a', published: ['key_a'], retire: [], mint: false });
  });

  it('publishes a new key before it signs, then lets it sign, then retires the old one after the token lifetime', () => {
    const old = key('key_old', 40 * 24 * 60 * MIN);
    expect(planSigningKeys([old], now, policy).mint).toBe(true);

    const young = planSigningKeys([old, key('key_new', MIN)], now, policy);
    expect(young).toEqual({ signing: 'key_old', published: ['key_new', 'key_old'], retire: [], mint: false });

    const active = planSigningKeys([old, key('key_new', 3 * MIN)], now, policy);
    expect(active).toEqual({ signing: 'key_new', published: ['key_new', 'key_old'], retire: [], mint: false });

    const done = planSigningKeys([old, key('key_new', 67 * MIN)], now, policy);
    expect(done).toEqual({ signing: 'key_new', published: ['key_new'], retire: ['key_old'], mint: false });
  });

  it('keeps every key published while the newest is too young to sign', () => {
    const plan = planSigningKeys([key('key_b', 90 * MIN), key('key_a', 100 * MIN), key('key_c', 0)], now, policy);
    expect(plan).toEqual({ signing: 'key_b', published: ['key_c', 'key_b'], retire: ['key_a'], mint: false });
  });
});
