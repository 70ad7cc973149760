import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { AppErrorException, changeHintSubjects, type ChangeHintData, type ChangeHintSubject } from '@jalaj/contracts';
import { AccessTokenVerifier, getLogger, InjectConfig, NatsConnectionHolder, RpcClient, type AccessClaims } from '@jalaj/server-kit';
import type { BffConfig } from '../config.js';
import { onHint, pauseWhileDisconnected } from '../reads/hint-subscriber.js';
import { RedisService } from '../redis/redis.service.js';
import { RevocationMemory, type RevocationFacts } from './revocation-memory.js';

/** Longest life of an access token (identity's ACCESS_TOKEN_TTL_SECONDS upper bound). */
const MAX_ACCESS_TOKEN_SECONDS = 3600;

/** Sessions whose revocation facts one process keeps (about 100 bytes each). */
const MAX_SESSIONS = 10_000;
/** The longest facts are kept without a hint: the bound on a revocation whose hint was lost. */
const REVOCATION_TTL_MS = 10_000;

/**
 * The BFF's side of sessions: holds identity's published keys (for the passport strategy),
 * and keeps in Redis what must end before a token expires by itself — a signed-out or
 * revoked session, or every token of a user whose password or role changed.
 */
@Injectable()
export class AuthStateService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = getLogger('AuthState');
  private warnedAt = 0;
  readonly verifier: AccessTokenVerifier;
  /** Shoppers' revocation facts, forgotten by the revocations' hints (ADR 051); admins' are read from Redis every time. */
  readonly revocations = new RevocationMemory({ maxEntries: MAX_SESSIONS, ttlMs: REVOCATION_TTL_MS });
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly redis: RedisService,
    private readonly nats: NatsConnectionHolder,
    rpc: RpcClient,
    @InjectConfig() config: BffConfig,
  ) {
    this.verifier = new AccessTokenVerifier(async () => (await rpc.request('rpc.identity.keys.list', {})) as never, {
      refetchIntervalMs: config.SIGNING_KEYS_REFETCH_SECONDS * 1000,
    });
  }

  async onApplicationBootstrap() {
    const nc = await this.nats.connection();
    this.subscriptions.push(
      onHint(nc, 'hint.bff.session.revoked.v1', ({ sessionId }) => this.revocations.forgetSession(sessionId)),
      onHint(nc, 'hint.bff.user.tokens-ended.v1', ({ userId }) => this.revocations.forgetUser(userId)),
    );
    void pauseWhileDisconnected(nc, [this.revocations]);
  }

  onApplicationShutdown() {
    for (const s of this.subscriptions) s.unsubscribe();
    this.revocations.pause();
  }

  /**
   * Whether a verified token was ended early: its session revoked, or its user's tokens
   * invalidated after it was issued. With Redis out of reach (ADR 032) a shopper's token
   * counts as not revoked — the shop keeps selling; the token still expires by itself —
   * while an admin's is refused with UNAVAILABLE: the console waits for Redis.
   */
  async isRevoked(claims: AccessClaims): Promise<boolean> {
    let facts: RevocationFacts;
    try {
      const read = () => this.readFacts(claims);
      facts = claims.role === 'admin' ? await read() : await this.revocations.facts(claims.sessionId, claims.id, read);
    } catch (err) {
      if (claims.role === 'admin') throw new AppErrorException({ code: 'UNAVAILABLE' });
      if (Date.now() - this.warnedAt > 10_000) {
        this.warnedAt = Date.now();
        this.log.warn({ err }, 'revocation list out of reach: shopper tokens are taken as not revoked');
      }
      return false;
    }
    return facts.sessionRevoked || (facts.validAfterMs !== null && claims.issuedAtMs < facts.validAfterMs);
  }

  private async readFacts(claims: AccessClaims): Promise<RevocationFacts> {
    const [revoked, validAfter] = await this.redis.client.mget(`auth:revoked-session:${claims.sessionId}`, `auth:valid-after:${claims.id}`);
    return { sessionRevoked: Boolean(revoked), validAfterMs: validAfter === null ? null : Number(validAfter) };
  }

  /** The claims of a token that is valid and not revoked; null otherwise. */
  async check(token: string): Promise<AccessClaims | null> {
    const claims = await this.verifier.verify(token);
    return claims && !(await this.isRevoked(claims)) ? claims : null;
  }

  /** Ends a session's tokens: in Redis, then in this process's memory and, by hint, every other BFF process's. */
  async revokeSession(sessionId: string) {
    await this.redis.client.set(`auth:revoked-session:${sessionId}`, '1', 'EX', MAX_ACCESS_TOKEN_SECONDS);
    this.revocations.forgetSession(sessionId);
    await this.announce('hint.bff.session.revoked.v1', { sessionId });
  }

  /** Ends every access token of a user issued before now (password or role changed), as {@link revokeSession} does. */
  async invalidateUserTokens(userId: string) {
    await this.redis.client.set(`auth:valid-after:${userId}`, String(Date.now()), 'EX', MAX_ACCESS_TOKEN_SECONDS);
    this.revocations.forgetUser(userId);
    await this.announce('hint.bff.user.tokens-ended.v1', { userId });
  }

  /** Tells the other BFF processes; one that cannot hear it keeps facts for {@link REVOCATION_TTL_MS} at most. */
  private async announce<S extends ChangeHintSubject>(subject: S, data: ChangeHintData<S>): Promise<void> {
    try {
      (await this.nats.connection()).publish(subject, JSON.stringify(changeHintSubjects[subject].parse(data)));
    } catch (err) {
      this.log.warn({ err, subject }, 'revocation hint not sent: other processes forget it within their revocation TTL');
    }
  }
}
