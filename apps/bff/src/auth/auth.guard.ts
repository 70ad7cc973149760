import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppErrorException, type Actor } from '@jalaj/contracts';
import { AuthStateService } from './auth-state.service.js';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const ADMIN_REQUIRED = 'Unauthorized: Admin access required';

const ROLE_KEY = 'jalaj:role';
/** Marks a controller or route as admin-only. */
export const AdminOnly = () => SetMetadata(ROLE_KEY, 'admin');

type AuthedRequest = FastifyRequest & { actor?: Actor & { sessionId: string } };

/** Requires a valid, unrevoked access token (`Authorization: Bearer …`); admin-only routes also need the admin role. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthStateService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await this.auth.check(token) : null;
    if (!claims) throw new AppErrorException({ code: 'UNAUTHENTICATED', message: SIGN_IN_REQUIRED });
    request.actor = { id: claims.id, role: claims.role, sessionId: claims.sessionId };
    const role = this.reflector.getAllAndOverride<string | undefined>(ROLE_KEY, [context.getHandler(), context.getClass()]);
    if (role === 'admin' && claims.role !== 'admin') throw new AppErrorException({ code: 'FORBIDDEN', message: ADMIN_REQUIRED });
    return true;
  }
}

/** The acting user, as the guard verified it. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<AuthedRequest>().actor;
  if (!actor) throw new AppErrorException({ code: 'UNAUTHENTICATED', message: SIGN_IN_REQUIRED });
  return { id: actor.id, role: actor.role };
});
