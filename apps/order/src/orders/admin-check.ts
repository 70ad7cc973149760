import { Injectable } from '@nestjs/common';
import { appError, AppErrorException, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';

/**
 * The admin role, re-checked in identity's database rather than trusted from the token
 * (spec §6: each order deletion re-checks that the current user's profile role is admin).
 * A token minted before the role was taken away is refused here.
 */
@Injectable()
export class AdminCheck {
  constructor(private readonly rpc: RpcClient) {}

  /** Whether the actor is an admin now; a failure to ask identity is thrown (the caller answers 503), never read as yes. */
  async isAdmin(actor: Actor): Promise<boolean> {
    if (actor.role !== 'admin') return false;
    const me = await this.rpc.request('rpc.identity.profiles.get', { actor });
    if (me.ok) return me.data.role === 'admin';
    if (me.error.code === 'PROFILE_NOT_FOUND') return false;
    throw new AppErrorException(appError('UNAVAILABLE'));
  }
}
