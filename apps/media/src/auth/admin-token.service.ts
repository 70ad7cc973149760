import { Injectable } from '@nestjs/common';
import { AppErrorException, type Actor } from '@jalaj/contracts';
import { AccessTokenVerifier, RpcClient } from '@jalaj/server-kit';

/** The token of an `Authorization: Bearer …` header; empty when there is none. */
export const bearerToken = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.startsWith('Bearer ') ? value.slice(7).trim() : '';
};

/**
 * Who is uploading, from the admin's own access token (forwarded by the BFF), verified
 * against identity's public keys: issuer, audience, expiry, then the admin role. Media
 * trusts no header that only says who is acting (ADR 011).
 */
@Injectable()
export class AdminTokenService {
  private readonly verifier: AccessTokenVerifier;

  constructor(rpc: RpcClient) {
    this.verifier = new AccessTokenVerifier(async () => (await rpc.request('rpc.identity.keys.list', {})) as never);
  }

  /** The acting admin; UNAUTHENTICATED without a valid token, ADMIN_REQUIRED (403) for a shopper's. */
  async admin(authorization: string | string[] | undefined): Promise<Actor> {
    const actor = await this.signedIn(authorization);
    if (actor.role !== 'admin') throw new AppErrorException({ code: 'ADMIN_REQUIRED' });
    return actor;
  }

  /** Whoever is signed in (a shopper sending guarantee-claim photos, docs/adr/078); UNAUTHENTICATED without a valid token. */
  async signedIn(authorization: string | string[] | undefined): Promise<Actor> {
    const token = bearerToken(authorization);
    const claims = token ? await this.verifier.verify(token) : null;
    if (!claims) throw new AppErrorException({ code: 'UNAUTHENTICATED' });
    return { id: claims.id, role: claims.role };
  }
}
