import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { ADDRESS_MESSAGES } from '@jalaj/commerce';
import { fail, failFields, notice, ok, type Actor, type Me, type Notice, type Result } from '@jalaj/contracts';
import { toMe } from '../accounts/accounts.service.js';
import { User } from '../accounts/entities/user.entity.js';

@Injectable()
export class ProfilesService {
  constructor(private readonly em: EntityManager) {}

  async get(actor: Actor): Promise<Result<Me>> {
    const user = await this.em.findOne(User, { id: actor.id });
    return user ? ok(toMe(user)) : fail('PROFILE_NOT_FOUND', { action: 'load' });
  }

  /** Only the full name can change; the email cannot be modified. */
  async update(actor: Actor, fullName: string): Promise<Result<Me>> {
    const name = fullName.trim();
    if (name.length < 2) return failFields([{ field: 'fullName', message: ADDRESS_MESSAGES.fullName }]);
    const user = await this.em.findOne(User, { id: actor.id });
    if (!user) return fail('PROFILE_NOT_FOUND', { action: 'update' });
    user.fullName = name;
    await this.em.flush();
    return ok(toMe(user));
  }

  /** Re-checks the admin role in the database: the token's claim may be minutes old. */
  private async isAdmin(actor: Actor): Promise<boolean> {
    if (actor.role !== 'admin') return false;
    const user = await this.em.findOne(User, { id: actor.id });
    return user?.role === 'admin';
  }

  async list(actor: Actor, onlyAdmins = false): Promise<Result<{ items: Me[] }>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const users = await this.em.find(User, onlyAdmins ? { role: 'admin' } : {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return ok({ items: users.map(toMe) });
  }

  /**
   * user → admin only for an existing profile that is not an admin yet; admin → user only
   * for an admin (spec §4 Role changes), and never for the last one: an admin may drop
   * their own role, but the shop always keeps one admin.
   */
  async setRole(actor: Actor, email: string, role: 'admin' | 'user'): Promise<Result<{ notice: Notice; userId: string }>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    return this.em.transactional(async (tx) => {
      // Role changes take turns, so two admins removing each other cannot both see "another admin is left".
      await tx.getConnection().execute("select pg_advisory_xact_lock(hashtext('identity.admin-roles'))", [], 'all', tx.getTransactionContext());
      const user = await tx.findOne(User, { email: email.trim().toLowerCase() });
      if (!user) return fail('USER_NOT_FOUND');
      if (role === 'admin' && user.role === 'admin') return fail('ALREADY_ADMIN');
      if (role === 'user' && user.role !== 'admin') return fail('NOT_ADMIN');
      if (role === 'user' && (await tx.count(User, { role: 'admin' })) <= 1) return fail('LAST_ADMIN');
      user.role = role;
      return ok({ notice: notice(role === 'admin' ? 'ADMIN_ADDED' : 'ADMIN_REMOVED'), userId: user.id });
    });
  }
}
