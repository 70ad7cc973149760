import { Injectable } from '@nestjs/common';
import { ExtractJwt } from 'passport-jwt';
import type { AccessClaims } from '@jalaj/server-kit';

/** How long a verified signature is trusted without checking it again (revocations are checked every time). */
export const VERIFIED_FOR_MS = 60_000;
/** Tokens remembered at most; the oldest go first. */
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
  private readonly entries = new Map<string, { claims: AccessClaims; until: number }>();

  get(token: string, now = Date.now()): AccessClaims | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry.claims;
    this.entries.delete(token);
    return undefined;
  }

  /** Remembers a token passport-jwt just verified; `expSeconds` is its `exp` claim. */
  remember(token: string, claims: AccessClaims, expSeconds: number | undefined, now = Date.now()): void {
    const until = Math.min(now + VERIFIED_FOR_MS, (expSeconds ?? 0) * 1000);
    if (until <= now) return;
    this.entries.delete(token);
    if (this.entries.size >= MAX_TOKENS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { claims, until });
  }

  get size(): number {
    return this.entries.size;
  }
}
