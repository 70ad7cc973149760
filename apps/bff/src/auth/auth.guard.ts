import { createParamDecorator, Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { AppErrorException, type Actor } from '@jalaj/contracts';
import type { AccessClaims } from '@jalaj/server-kit';
import { AuthStateService } from './auth-state.service.js';
import { JWT_STRATEGY } from './jwt.strategy.js';
import { bearerToken, VerifiedTokens } from './verified-tokens.js';

const ROLE_KEY = 'jalaj:role';
/** Marks a controller or route as admin-only. */
export const AdminOnly = () => SetMetadata(ROLE_KEY, 'admin');

type AuthedRequest = FastifyRequest & { actor?: AccessClaims };

/**
 * Requires a valid, unrevoked access token (passport-jwt, see `JwtStrategy`); admin-only
 * routes also need the admin role. A token passport verified within the last minute
 * ({@link VerifiedTokens}) skips the signature check; its revocations are checked again.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard(JWT_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    private readonly verified: VerifiedTokens,
    private readonly auth: AuthStateService,
  ) {
    super();
  }

  override getAuthenticateOptions() {
    return { session: false, property: 'actor' };
  }

  override handleRequest<TUser = AccessClaims>(err: unknown, user: TUser | false | null): TUser {
    // A failure to reach Redis or identity is not the caller's fault: it stays a server error.
    if (err) throw err;
    if (!user) throw new AppErrorException({ code: 'UNAUTHENTICATED' });
    return user;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = bearerToken(request);
    const known = token ? this.verified.get(token) : undefined;
    if (known) {
      if (await this.auth.isRevoked(known)) throw new AppErrorException({ code: 'UNAUTHENTICATED' });
      request.actor = known;
    } else {
      await super.canActivate(context);
    }
    const actor = request.actor;
    const role = this.reflector.getAllAndOverride<string | undefined>(ROLE_KEY, [context.getHandler(), context.getClass()]);
    if (role === 'admin' && actor?.role !== 'admin') throw new AppErrorException({ code: 'ADMIN_REQUIRED' });
    return true;
  }
}

/** The acting user, as the guard verified it. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<AuthedRequest>().actor;
  if (!actor) throw new AppErrorException({ code: 'UNAUTHENTICATED' });
  return { id: actor.id, role: actor.role };
});
