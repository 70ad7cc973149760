import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenVerifier } from './access-token.js';
import { JwksKeyResolver } from './jwks-key-resolver.js';

async function signer(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const sign = (claims: Record<string, unknown> = {}, audience = ACCESS_TOKEN_AUDIENCE) =>
    new SignJWT({ role: 'user', sid: 'ses_1', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject('usr_1')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(privateKey);
  return { jwk, sign };
}

/** A fake signer's JWKS endpoint that counts fetches and can publish a different set later. */
function keySource(initial: JWK[]) {
  const source = {
    keys: initial,
    fetches: 0,
    fetch: async () => {
      source.fetches++;
      return { keys: source.keys };
    },
  };
  return source;
}

describe('JwksKeyResolver', () => {
  it('finds a key by kid and refetches for an unknown kid at most once per interval', async () => {
    const a = await signer('key_a');
    const b = await signer('key_b');
    let now = 1_000_000;
    const source = keySource([a.jwk]);
    const resolver = new JwksKeyResolver(source.fetch, { now: () => now });
    expect(await resolver.key('key_a')).not.toBeNull();
    expect(source.fetches).toBe(1);

    source.keys = [a.jwk, b.jwk];
    now += 10_000;
    // Unknown, but the last fetch was 10 s ago: not asked again.
    expect(await resolver.key('key_b')).toBeNull();
    expect(await resolver.key('key_forged')).toBeNull();
    expect(source.fetches).toBe(1);
    now += 20_000;
    expect(await resolver.key('key_b')).not.toBeNull();
    expect(source.fetches).toBe(2);
    // Known keys never refetch inside the max age.
    now += 100_000;
    expect(await resolver.key('key_a')).not.toBeNull();
    expect(source.fetches).toBe(2);
  });

  it('drops a key the signer stopped publishing once the copy is older than the max age', async () => {
    const a = await signer('key_a');
    let now = 0;
    const source = keySource([a.jwk]);
    const resolver = new JwksKeyResolver(source.fetch, { now: () => now, maxAgeMs: 60_000 });
    expect(await resolver.key('key_a')).not.toBeNull();
    source.keys = [];
    now += 60_000;
    expect(await resolver.key('key_a')).toBeNull();
  });

  it('ignores keys that are not ES256 (EdDSA keys of earlier installs) and missing kids', async () => {
    const ed = await generateKeyPair('EdDSA', { extractable: true });
    const edJwk = { ...(await exportJWK(ed.publicKey)), kid: 'key_ed', alg: 'EdDSA' };
    const resolver = new JwksKeyResolver(async () => ({ keys: [edJwk] }));
    expect(await resolver.key('key_ed')).toBeNull();
    expect(await resolver.key(undefined)).toBeNull();
  });

  it('keeps the known keys when a refetch fails, and shares one fetch between concurrent lookups', async () => {
    const a = await signer('key_a');
    let now = 0;
    let fail = false;
    let fetches = 0;
    const resolver = new JwksKeyResolver(
      async () => {
        fetches++;
        if (fail) throw new Error('signer down');
        return { keys: [a.jwk] };
      },
      { now: () => now },
    );
    await Promise.all([resolver.key('key_a'), resolver.key('key_a'), resolver.key('key_x')]);
    expect(fetches).toBe(1);
    fail = true;
    now += 30_000;
    expect(await resolver.key('key_x')).toBeNull();
    expect(await resolver.key('key_a')).not.toBeNull();
  });
});

describe('AccessTokenVerifier', () => {
  it('accepts a token of any published key and reads its claims', async () => {
    const old = await signer('key_old');
    const current = await signer('key_new');
    const verifier = new AccessTokenVerifier(async () => ({ keys: [current.jwk, old.jwk] }));
    expect(await verifier.verify(await old.sign({ iat_ms: 1234 }))).toEqual({ id: 'usr_1', role: 'user', sessionId: 'ses_1', issuedAtMs: 1234 });
    expect(await verifier.verify(await current.sign({ role: 'admin' }))).toMatchObject({ role: 'admin' });
  });

  it('refuses a token of an unknown key, one signed by another key under a known kid, and a foreign audience', async () => {
    const published = await signer('key_a');
    const impostor = await signer('key_a');
    const stranger = await signer('key_z');
    const verifier = new AccessTokenVerifier(async () => ({ keys: [published.jwk] }));
    expect(await verifier.verify(await stranger.sign())).toBeNull();
    expect(await verifier.verify(await impostor.sign())).toBeNull();
    expect(await verifier.verify(await published.sign({}, 'someone-else'))).toBeNull();
    expect(await verifier.verify('not.a.token')).toBeNull();
    expect(await verifier.verify(await published.sign())).not.toBeNull();
  });
});
