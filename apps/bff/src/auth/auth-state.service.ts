import { Injectable } from '@nestjs/common';
import { AppErrorException } from '@jalaj/contracts';
import { AccessTokenVerifier, getLogger, InjectConfig, RpcClient, type AccessClaims } from '@jalaj/server-kit';
import type { BffConfig } from '../config.js';
import { RedisService } from '../redis/redis.service.js';

/** Longest life of an access token (identity's ACCESS_TOKEN_TTL_SECONDS upper bound). */
const MAX_ACCESS_TOKEN_SECONDS = 3600;

/**
 * The BFF's side of sessions: holds identity's published keys (for the passport strategy),
 * and keeps in Redis what must end before a token expires by itself — a signed-out or
 * revoked session, or every token of a user whose password or role changed.
 */
@Injectable()
export class AuthStateService {
  private readonly log = getLogger('AuthState');
  private warnedAt = 0;
  readonly verifier: AccessTokenVerifier;

  constructor(
    private readonly redis: RedisService,
    rpc: RpcClient,
    @InjectConfig() config: BffConfig,
  ) {
    this.verifier = new AccessTokenVerifier(async () => (await rpc.request('rpc.identity.keys.list', {})) as never, {
      refetchIntervalMs: config.SIGNING_KEYS_REFETCH_SECONDS * 1000,
    });
  }

  /**
   * Whether a verified token was ended early: its session revoked, or its user's tokens
   * invalidated after it was issued. With Redis out of reach (ADR 032) a shopper's token
   * counts as not revoked — the shop keeps selling; the token still expires by itself —
   * while an admin's is refused with UNAVAILABLE: the console waits for Redis.
   */
  async isRevoked(claims: AccessClaims): Promise<boolean> {
    let revoked: string | null;
    let validAfter: string | null;
    try {
      [revoked, validAfter] = await this.redis.client.mget(`auth:revoked-session:${claims.sessionId}`, `auth:valid-after:${claims.id}`);
    } catch (err) {
      if (claims.role === 'admin') throw new AppErrorException({ code: 'UNAVAILABLE' });
      if (Date.now() - this.warnedAt > 10_000) {
        this.warnedAt = Date.now();
        this.log.warn({ err }, 'revocation list out of reach: shopper tokens are taken as not revoked');
      }
      return false;
    }
    return Boolean(revoked) || (validAfter !== null && claims.issuedAtMs < Number(validAfter));
  }

  /** The claims of a token that is valid and not revoked; null otherwise. */
  async check(token: string): Promise<AccessClaims | null> {
    const claims = await this.verifier.verify(token);
    return claims && !(await this.isRevoked(claims)) ? claims : null;
  }

  async revokeSession(sessionId: string) {
    await this.redis.client.set(`auth:revoked-session:${sessionId}`, '1', 'EX', MAX_ACCESS_TOKEN_SECONDS);
  }

  /** Ends every access token of a user issued before now (password or role changed). */
  async invalidateUserTokens(userId: string) {
    await this.redis.client.set(`auth:valid-after:${userId}`, String(Date.now()), 'EX', MAX_ACCESS_TOKEN_SECONDS);
  }
}
