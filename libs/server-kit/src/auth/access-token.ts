import { decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { Actor } from '@jalaj/contracts';
import { ACCESS_TOKEN_ALGORITHM, JwksKeyResolver, type JwksKeyResolverOptions } from './jwks-key-resolver.js';

/** Issuer and audience of access tokens: identity signs them, the BFF accepts them. */
export const ACCESS_TOKEN_ISSUER = 'jalaj-identity';
export const ACCESS_TOKEN_AUDIENCE = 'jalaj-bff';

/** What a verified access token says. */
export interface AccessClaims extends Actor {
  sessionId: string;
  /** Issued-at, milliseconds since the epoch. */
  issuedAtMs: number;
}

/** The claims of an already verified access token's payload; null when it lacks the subject or the session. */
export function accessClaimsFromPayload(payload: JWTPayload): AccessClaims | null {
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  const role = payload.role === 'admin' ? 'admin' : 'user';
  const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
  return { id: payload.sub, role, sessionId: payload.sid, issuedAtMs };
}

/**
 * Verifies access tokens against the signer's public keys: ES256 only, the key chosen by
 * the token's `kid`, issuer, audience and expiry checked. Keys are fetched on first use,
 * again when a token names an unknown key (at most every 30 seconds) and when the copy
 * is older than 5 minutes, so the signer can rotate keys without downtime.
 */
export class AccessTokenVerifier {
  /** The key lookup by `kid`; the BFF's passport strategy shares it. */
  readonly keys: JwksKeyResolver;

  constructor(fetchKeys: () => Promise<JSONWebKeySet>, options?: JwksKeyResolverOptions) {
    this.keys = new JwksKeyResolver(fetchKeys, options);
  }

  /** The claims of a valid token, or null for any invalid, expired or foreign token. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const key = await this.keys.key(decodeProtectedHeader(token).kid);
      if (!key) return null;
      const { payload } = await jwtVerify(token, key, { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, algorithms: [ACCESS_TOKEN_ALGORITHM] });
      return accessClaimsFromPayload(payload);
    } catch {
      return null;
    }
  }
}
