import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { decodeProtectedHeader, type JWTPayload } from 'jose';
import { Strategy, type SecretOrKeyProvider } from 'passport-jwt';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessClaimsFromPayload, type AccessClaims, type JwksKeyResolver } from '@jalaj/server-kit';
import { AuthStateService } from './auth-state.service.js';
import { bearerToken, VerifiedTokens } from './verified-tokens.js';

/** The passport strategy name of access tokens. */
export const JWT_STRATEGY = 'jwt';

/** Resolves a token's `kid` to identity's published public key; an unknown or missing kid fails authentication. */
export function keyProvider(keys: JwksKeyResolver): SecretOrKeyProvider {
  return (_request, rawJwtToken: string, done) => {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(rawJwtToken).kid;
    } catch {
      return done(new Error('malformed token header'));
    }
    keys.key(kid).then(
      // jsonwebtoken takes a KeyObject; the typings name only strings and buffers.
      (key) => (key ? done(null, key as never) : done(new Error('unknown signing key'))),
      (e: unknown) => done(e),
    );
  };
}

/**
 * Access tokens (`Authorization: Bearer …`, scheme in any case) checked by passport-jwt:
 * ES256 signature by the key the token's `kid` names, issuer, audience and expiry; then
 * the revocations the BFF keeps in Redis (signed-out session, password or role change).
 * A token that passes is remembered for a minute ({@link VerifiedTokens}), so AuthGuard
 * need not verify its signature again on the browser's next requests.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    private readonly auth: AuthStateService,
    private readonly verified: VerifiedTokens,
  ) {
    super({
      jwtFromRequest: bearerToken as never,
      passReqToCallback: true,
      secretOrKeyProvider: keyProvider(auth.verifier.keys),
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  /** The claims of an unrevoked token; false makes passport answer "not signed in". */
  async validate(request: unknown, payload: JWTPayload): Promise<AccessClaims | false> {
    const claims = accessClaimsFromPayload(payload);
    if (!claims || (await this.auth.isRevoked(claims))) return false;
    const token = bearerToken(request);
    if (token) this.verified.remember(token, claims, payload.exp);
    return claims;
  }
}
