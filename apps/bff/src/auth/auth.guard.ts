import { createParamDecorator, Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { AppErrorException, type Actor } from '@jalaj/contracts';
import type { AccessClaims } from '@jalaj/server-kit';
import { JWT_STRATEGY } from './jwt.strategy.js';

const ROLE_KEY = 'jalaj:role';
/** Marks a controller or route as admin-only. */
export const AdminOnly = () => SetMetadata(ROLE_KEY, 'admin');

type AuthedRequest = FastifyRequest & { actor?: AccessClaims };

/**
 * Requires a valid, unrevoked access token (passport-jwt, see `JwtStrategy`); admin-only
 * routes also need the admin role.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
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
    await super.canActivate(context);
    const actor = context.switchToHttp().getRequest<AuthedRequest>().actor;
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
