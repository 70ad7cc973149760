import { Injectable } from '@nestjs/common';
import { appError, AppErrorException, type Actor } from '@jalaj/contracts';
import { RpcClient } from '@jalaj/server-kit';

/**
 * How long identity's "yes, admin" is reused for reads ({@link AdminCheck.mayRead}). The
 * BFF already refuses a demoted admin's tokens at once (it invalidates them in Redis when
 * the role changes); this bounds how long a demotion made any other way (in identity's
 * database, or if that invalidation failed) still lets them read the Orders tab:
 * docs/adr/021-orders-tab-at-scale.md. Changes always ask identity.
 */
export const ADMIN_RECHECK_MS = 5000;

/** Confirmed admins kept at most (one entry per admin account). */
const MAX_REMEMBERED = 1000;

/**
 * The admin role, re-checked in identity's database rather than trusted from the token
 * (spec §6: each order deletion re-checks that the current user's profile role is admin).
 * A token minted before the role was taken away is refused here.
 */
@Injectable()
export class AdminCheck {
  private readonly confirmed = new Map<string, number>();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * Whether the actor is an admin now, asked of identity every time: for every change
   * (archive, restore, fulfilment, refund). A failure to ask identity is thrown (the caller
   * answers 503), never read as yes.
   */
  async isAdmin(actor: Actor): Promise<boolean> {
    if (actor.role !== 'admin') return false;
    const me = await this.rpc.request('rpc.identity.profiles.get', { actor });
    const admin = me.ok ? me.data.role === 'admin' : me.error.code === 'PROFILE_NOT_FOUND' ? false : null;
    if (admin === null) throw new AppErrorException(appError('UNAVAILABLE'));
    this.confirmed.delete(actor.id);
    if (admin) {
      if (this.confirmed.size >= MAX_REMEMBERED) this.confirmed.delete(this.confirmed.keys().next().value!);
      this.confirmed.set(actor.id, Date.now() + ADMIN_RECHECK_MS);
    }
    return admin;
  }

  /**
   * {@link isAdmin} for reads (the list, an order, its bill, the export): identity's yes is
   * reused for {@link ADMIN_RECHECK_MS}, so a busy Orders tab asks identity once per admin
   * per interval, not once per request. A refusal or a failure is never remembered.
   */
  async mayRead(actor: Actor): Promise<boolean> {
    if (actor.role !== 'admin') return false;
    const until = this.confirmed.get(actor.id);
    if (until !== undefined && until > Date.now()) return true;
    return this.isAdmin(actor);
  }
}
