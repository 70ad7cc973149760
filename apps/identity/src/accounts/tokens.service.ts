import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { newId } from '@jalaj/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@jalaj/server-kit';
import { identityConfig } from '../config.js';
import { SigningKey } from './entities/session.entity.js';

interface ActiveKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
}

/**
 * Signs short-lived access tokens (EdDSA) with a key pair kept in the database, so every
 * identity replica signs with the same key and the BFF can fetch the public half as JWKS.
 */
@Injectable()
export class TokensService {
  private active?: Promise<ActiveKey>;

  constructor(private readonly em: EntityManager) {}

  private key(): Promise<ActiveKey> {
    this.active ??= this.loadOrCreate().catch((e) => {
      this.active = undefined;
      throw e;
    });
    return this.active;
  }

  private async loadOrCreate(): Promise<ActiveKey> {
    const em = this.em.fork();
    let [row] = await em.find(SigningKey, {}, { orderBy: { createdAt: 'desc' }, limit: 1 });
    if (!row) {
      const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
      const kid = newId('key');
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
      // Two replicas may race here; the loser's insert is ignored and it reads the winner's key.
      await em
        .getConnection()
        .execute(
          'insert into signing_keys (kid, private_jwk, public_jwk, created_at) select ?, ?, ?, now() where not exists (select 1 from signing_keys)',
          [kid, JSON.stringify(await exportJWK(privateKey)), JSON.stringify(publicJwk)],
        );
      [row] = await em.fork().find(SigningKey, {}, { orderBy: { createdAt: 'desc' }, limit: 1 });
      if (!row) throw new Error('no signing key after creating one');
    }
    return { kid: row.kid, privateKey: await importJWK(row.privateJwk as JWK, 'EdDSA') };
  }

  /** The public keys, as JWKS. */
  async jwks(): Promise<Record<string, unknown>[]> {
    await this.key();
    const rows = await this.em.fork().find(SigningKey, {}, { orderBy: { createdAt: 'desc' } });
    return rows.map((r) => r.publicJwk);
  }

  /** An access token for a user in a session; the role is read fresh at every issue. */
  async accessToken(user: { id: string; role: string }, sessionId: string): Promise<{ token: string; expiresIn: number }> {
    const { kid, privateKey } = await this.key();
    const expiresIn = identityConfig().ACCESS_TOKEN_TTL_SECONDS;
    // `iat_ms`: the BFF ends tokens issued before a password or role change, which needs
    // better than the whole seconds of `iat`.
    const token = await new SignJWT({ role: user.role, sid: sessionId, iat_ms: Date.now() })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(user.id)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .sign(privateKey);
    return { token, expiresIn };
  }
}
