import { Injectable } from '@nestjs/common';
import { AppErrorException } from '@jalaj/contracts';
import { AccessTokenVerifier, RpcClient, type AccessClaims } from '@jalaj/server-kit';
import { RedisService } from '../redis/redis.service.js';

/** Longest life of an access token (identity's ACCESS_TOKEN_TTL_SECONDS upper bound). */
const MAX_ACCESS_TOKEN_SECONDS = 3600;
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * The BFF's side of sessions: verifies access tokens, and keeps in Redis what must end
 * before a token expires by itself — a signed-out session, or every token of a user
 * whose password or role changed.
 */
@Injectable()
export class AuthStateService {
  readonly verifier: AccessTokenVerifier;

  constructor(
    private readonly redis: RedisService,
    rpc: RpcClient,
  ) {
    this.verifier = new AccessTokenVerifier(async () => (await rpc.request('rpc.identity.keys.list', {})) as never);
  }

  /** The claims of a token that is valid and not revoked; null otherwise. */
  async check(token: string): Promise<AccessClaims | null> {
    const claims = await this.verifier.verify(token);
    if (!claims) return null;
    const [revoked, validAfter] = await this.redis.client.mget(`auth:revoked-session:${claims.sessionId}`, `auth:valid-after:${claims.id}`);
    if (revoked) return null;
    if (validAfter && claims.issuedAtMs < Number(validAfter)) return null;
    return claims;
  }

  async revokeSession(sessionId: string) {
    await this.redis.client.set(`auth:revoked-session:${sessionId}`, '1', 'EX', MAX_ACCESS_TOKEN_SECONDS);
  }

  /** Ends every access token of a user issued before now (password or role changed). */
  async invalidateUserTokens(userId: string) {
    await this.redis.client.set(`auth:valid-after:${userId}`, String(Date.now()), 'EX', MAX_ACCESS_TOKEN_SECONDS);
  }

  /**
   * Counts one attempt against a fixed window; past the limit the caller gets 429.
   * Keys name the action and the account or the client address.
   */
  async rateLimit(key: string, limit: number, windowSeconds: number) {
    // RATE_LIMIT_FACTOR scales every limit (the browser suite signs in more often than a person).
    limit *= Number(process.env.RATE_LIMIT_FACTOR ?? 1);
    const redisKey = `rate:${key}`;
    const [[, count]] = (await this.redis.client.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').exec()) as [[null, number]];
    if (count > limit) throw new AppErrorException({ code: 'RATE_LIMITED', title: 'Too many attempts', message: RATE_LIMITED_MESSAGE });
  }
}
