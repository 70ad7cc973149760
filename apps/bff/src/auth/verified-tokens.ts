import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ExtractJwt } from 'passport-jwt';
import type { AccessClaims } from '@jalaj/server-kit';

/** How long a verified signature is trusted without checking it again (revocations are checked every time). */
export const VERIFIED_FOR_MS = 60_000;
/** Tokens remembered at most; the least recently used go first. */
const MAX_TOKENS = 5000;

/** The bearer token of a request, as passport-jwt extracts it (scheme in any case). */
export const bearerToken: (request: unknown) => string | null = ExtractJwt.fromAuthHeaderAsBearerToken() as never;

/**
 * Access tokens whose signature, issuer, audience and expiry passport-jwt verified lately,
 * with their claims: a browser sends the same token with every request for minutes, and
 * checking its ES256 signature each time was the largest CPU cost of a signed-in request.
 * An entry lasts {@link VERIFIED_FOR_MS} and never past the token's own expiry; the
 * revocations in Redis are still checked on every request (AuthGuard).
 */
@Injectable()
export class VerifiedTokens {
  /** The clock the entries' lifetimes are read by (a spec sets its own). */
  now: () => number = Date.now;
  private readonly entries = new LRUCache<string, AccessClaims>({ max: MAX_TOKENS, ttl: VERIFIED_FOR_MS, ttlResolution: 0, perf: { now: () => this.now() } });

  get(token: string): AccessClaims | undefined {
    return this.entries.get(token);
  }

  /** Remembers a token passport-jwt just verified; `expSeconds` is its `exp` claim. */
  remember(token: string, claims: AccessClaims, expSeconds: number | undefined): void {
    // lru-cache keeps an entry while no more than `ttl` has passed; the token is expired at `exp` itself.
    const ttl = Math.min(VERIFIED_FOR_MS, (expSeconds ?? 0) * 1000 - this.now()) - 1;
    if (ttl > 0) this.entries.set(token, claims, { ttl });
  }

  get size(): number {
    return this.entries.size;
  }
}
