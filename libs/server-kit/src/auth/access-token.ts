import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Actor } from '@jalaj/contracts';

/** Issuer and audience of access tokens: identity signs them, the BFF accepts them. */
export const ACCESS_TOKEN_ISSUER = 'jalaj-identity';
export const ACCESS_TOKEN_AUDIENCE = 'jalaj-bff';

/** What a verified access token says. */
export interface AccessClaims extends Actor {
  sessionId: string;
  /** Issued-at, milliseconds since the epoch. */
  issuedAtMs: number;
}

/**
 * Verifies access tokens against the signer's public keys (EdDSA only; issuer, audience
 * and expiry checked). Keys are fetched once and again when a token names an unknown
 * key, at most every 30 seconds.
 */
export class AccessTokenVerifier {
  private jwks?: ReturnType<typeof createLocalJWKSet>;
  private fetchedAt = 0;

  constructor(private readonly fetchKeys: () => Promise<JSONWebKeySet>) {}

  private async keys(force = false) {
    if (!this.jwks || (force && Date.now() - this.fetchedAt > 30_000)) {
      this.jwks = createLocalJWKSet(await this.fetchKeys());
      this.fetchedAt = Date.now();
    }
    return this.jwks;
  }

  /** The claims of a valid token, or null for any invalid, expired or foreign token. */
  async verify(token: string): Promise<AccessClaims | null> {
    for (const force of [false, true]) {
      try {
        const { payload } = await jwtVerify(token, await this.keys(force), {
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          algorithms: ['EdDSA'],
        });
        const role = payload.role === 'admin' ? 'admin' : 'user';
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        return { id: payload.sub, role, sessionId: payload.sid, issuedAtMs };
      } catch (e) {
        if (!force && e instanceof Error && 'code' in e && e.code === 'ERR_JWKS_NO_MATCHING_KEY') continue;
        return null;
      }
    }
    return null;
  }
}
