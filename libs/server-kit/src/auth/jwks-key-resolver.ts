import { createPublicKey, type KeyObject } from 'node:crypto';
import type { JSONWebKeySet, JWK } from 'jose';

/** The one algorithm access tokens are signed with: ECDSA on P-256 (jsonwebtoken, under passport-jwt, has no EdDSA). */
export const ACCESS_TOKEN_ALGORITHM = 'ES256';

/** How the resolver refreshes its copy of the signer's keys. */
export interface JwksKeyResolverOptions {
  /** An unknown key id refetches the keys at most this often (default 30 s): a flood of forged kids cannot flood the signer. */
  refetchIntervalMs?: number;
  /** Keys older than this are refetched on the next lookup (default 5 min), so a retired key stops verifying. */
  maxAgeMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** A public key usable for ES256: an EC key on P-256 that is not marked for another use. */
function es256Key(jwk: JWK): KeyObject | null {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') return null;
  if (jwk.alg !== undefined && jwk.alg !== ACCESS_TOKEN_ALGORITHM) return null;
  if (jwk.use !== undefined && jwk.use !== 'sig') return null;
  try {
    return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  } catch {
    return null;
  }
}

/**
 * Resolves a token's key id (`kid`) to the signer's public key, from a JWKS fetched on
 * demand. Several keys may be published at once (rotation): a key id not seen yet
 * refetches the set, at most once per `refetchIntervalMs`. Keys of other algorithms
 * (the EdDSA keys of earlier installs) are ignored.
 */
export class JwksKeyResolver {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private inFlight?: Promise<void>;
  private readonly refetchIntervalMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly fetchKeys: () => Promise<JSONWebKeySet>,
    options: JwksKeyResolverOptions = {},
  ) {
    this.refetchIntervalMs = options.refetchIntervalMs ?? 30_000;
    this.maxAgeMs = options.maxAgeMs ?? 300_000;
    this.now = options.now ?? Date.now;
  }

  /** The public key with this id, or null when the signer does not publish it. */
  async key(kid: string | undefined): Promise<KeyObject | null> {
    if (typeof kid !== 'string' || !kid) return null;
    const age = this.now() - this.fetchedAt;
    if (age >= this.maxAgeMs || (!this.keys.has(kid) && age >= this.refetchIntervalMs)) await this.refetch();
    return this.keys.get(kid) ?? null;
  }

  /** Concurrent lookups share one fetch; a failed fetch keeps the keys known so far. */
  private refetch(): Promise<void> {
    this.inFlight ??= (async () => {
      try {
        const set = await this.fetchKeys();
        const keys = new Map<string, KeyObject>();
        for (const jwk of set.keys ?? []) {
          const key = typeof jwk.kid === 'string' ? es256Key(jwk) : null;
          if (key) keys.set(jwk.kid!, key);
        }
        this.keys = keys;
      } catch {
        // Keep the old keys; counting the failure as a fetch stops a dead signer being asked at every request.
      } finally {
        this.fetchedAt = this.now();
        this.inFlight = undefined;
      }
    })();
    return this.inFlight;
  }
}
