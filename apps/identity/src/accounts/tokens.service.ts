import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { newId } from '@jalaj/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, getLogger, InjectConfig, runSql, takeTransactionLock } from '@jalaj/server-kit';
import type { IdentityConfig } from '../config.js';
import { SigningKey } from './entities/signing-key.entity.js';
import { planSigningKeys, SIGNING_ALGORITHM, type KeyPlan, type RotationPolicy } from './signing-keys.js';

/** Longest access-token life (the ACCESS_TOKEN_TTL_SECONDS bound) plus clock skew between hosts. */
const RETIRE_AFTER_MS = (3600 + 300) * 1000;
/** Longer than the BFF's 30 s between JWKS refetches, with room for a slow fetch. */
const ACTIVATION_MS = 2 * 60 * 1000;

/**
 * Signs short-lived access tokens (ES256) with key pairs kept in the database, so every
 * identity replica signs with the same key and the BFF fetches the public halves as JWKS
 * (picked by `kid`). Keys rotate: see `planSigningKeys` and ADR 009.
 */
@Injectable()
export class TokensService {
  private readonly log = getLogger('TokensService');
  private readonly privateKeys = new Map<string, Promise<CryptoKey | Uint8Array>>();

  constructor(
    private readonly em: EntityManager,
    @InjectConfig() private readonly config: IdentityConfig,
  ) {}

  private policy(): RotationPolicy {
    return { rotationMs: this.config.SIGNING_KEY_ROTATION_DAYS * 24 * 3600 * 1000, activationMs: ACTIVATION_MS, retireAfterMs: RETIRE_AFTER_MS };
  }

  /**
   * The unretired keys and their plan; mints and retires keys as the plan says. One small
   * query when nothing is due. Runs on `em`: inside a caller's transaction, that
   * transaction's connection — a second connection per sign-in deadlocked the pool once as
   * many sign-ins as connections held one each and waited for another.
   */
  private async current(em: EntityManager): Promise<{ rows: SigningKey[]; plan: KeyPlan }> {
    let rows = await em.find(SigningKey, { retiredAt: null, alg: SIGNING_ALGORITHM });
    let plan = planSigningKeys(rows, Date.now(), this.policy());
    if (plan.mint) {
      await this.mint(em);
      rows = await em.find(SigningKey, { retiredAt: null, alg: SIGNING_ALGORITHM }, { refresh: true });
      plan = planSigningKeys(rows, Date.now(), this.policy());
    }
    if (plan.retire.length) {
      await em.nativeUpdate(SigningKey, { kid: { $in: plan.retire }, retiredAt: null }, { retiredAt: new Date() });
      this.log.info({ kids: plan.retire }, 'signing keys retired');
    }
    return { rows, plan };
  }

  /** Adds a new key unless another replica just did (an advisory lock serialises the check and the insert). */
  private async mint(em: EntityManager) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const kid = newId('key');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    const rotationSeconds = this.policy().rotationMs / 1000;
    await em.transactional(async (tx) => {
      await takeTransactionLock(tx, 'identity.signing_keys');
      const inserted = await runSql(
        tx,
        `insert into signing_keys (kid, alg, private_jwk, public_jwk, created_at)
         select $1::text, $2::text, $3::jsonb, $4::jsonb, now() where not exists (
           select 1 from signing_keys where retired_at is null and alg = $2 and created_at > now() - make_interval(secs => $5))
         returning kid`,
        [kid, SIGNING_ALGORITHM, JSON.stringify(privateJwk), JSON.stringify(publicJwk), rotationSeconds],
      );
      if (inserted.length === 1) this.log.info({ kid }, 'signing key minted');
    });
  }

  /** The public keys, as JWKS: the signing key, a newer one about to sign, and older ones whose tokens may live. */
  async jwks(): Promise<Record<string, unknown>[]> {
    const { rows, plan } = await this.current(this.em.fork());
    return rows.filter((r) => plan.published.includes(r.kid)).map((r) => r.publicJwk);
  }

  /**
   * An access token for a user in a session; the role is read fresh at every issue.
   *
   * @param em - the caller's transaction, when it has one: the keys are read on its connection.
   */
  async accessToken(user: { id: string; role: string }, sessionId: string, em: EntityManager = this.em.fork()): Promise<{ token: string; expiresIn: number }> {
    const { rows, plan } = await this.current(em);
    const row = rows.find((r) => r.kid === plan.signing);
    if (!row) throw new Error('no signing key after minting one');
    let privateKey = this.privateKeys.get(row.kid);
    if (!privateKey) {
      privateKey = importJWK(row.privateJwk as JWK, SIGNING_ALGORITHM) as Promise<CryptoKey | Uint8Array>;
      this.privateKeys.set(row.kid, privateKey);
    }
    const expiresIn = this.config.ACCESS_TOKEN_TTL_SECONDS;
    // `iat_ms`: the BFF ends tokens issued before a password or role change, which needs
    // better than the whole seconds of `iat`.
    const token = await new SignJWT({ role: user.role, sid: sessionId, iat_ms: Date.now() })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: row.kid })
      .setSubject(user.id)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .sign(await privateKey);
    return { token, expiresIn };
  }
}
