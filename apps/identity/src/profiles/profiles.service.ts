import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { fail, ok, type Actor, type Me, type Result } from '@jalaj/contracts';
import { toMe } from '../accounts/accounts.service.js';
import { User } from '../accounts/entities/user.entity.js';

export const ADMIN_MESSAGES = {
  notFound: 'User not found with that email address',
  alreadyAdmin: 'User is already an admin',
  notAdmin: 'User is not an admin',
  added: 'Successfully made the given email an admin',
  removed: 'Successfully removed admin role from the given email',
  accessRequired: 'Unauthorized: Admin access required',
  nameTooShort: 'Full name must be at least 2 characters',
} as const;

@Injectable()
export class ProfilesService {
  constructor(private readonly em: EntityManager) {}

  async get(actor: Actor): Promise<Result<Me>> {
    const user = await this.em.findOne(User, { id: actor.id });
    return user ? ok(toMe(user)) : fail('NOT_FOUND', 'Failed to load profile');
  }

  /** Only the full name can change; the email cannot be modified. */
  async update(actor: Actor, fullName: string): Promise<Result<Me>> {
    const name = fullName.trim();
    if (name.length < 2) return fail('VALIDATION_FAILED', ADMIN_MESSAGES.nameTooShort, { fieldErrors: [{ field: 'fullName', message: ADMIN_MESSAGES.nameTooShort }] });
    const user = await this.em.findOne(User, { id: actor.id });
    if (!user) return fail('NOT_FOUND', 'Failed to update profile');
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
    if (!(await this.isAdmin(actor))) return fail('FORBIDDEN', ADMIN_MESSAGES.accessRequired);
    const users = await this.em.find(User, onlyAdmins ? { role: 'admin' } : {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return ok({ items: users.map(toMe) });
  }

  /** user → admin only for an existing profile that is not an admin yet; admin → user only for an admin (spec §4 Role changes). */
  async setRole(actor: Actor, email: string, role: 'admin' | 'user'): Promise<Result<{ message: string; userId: string }>> {
    if (!(await this.isAdmin(actor))) return fail('FORBIDDEN', ADMIN_MESSAGES.accessRequired);
    const user = await this.em.findOne(User, { email: email.trim().toLowerCase() });
    if (!user) return fail('NOT_FOUND', ADMIN_MESSAGES.notFound);
    if (role === 'admin' && user.role === 'admin') return fail('CONFLICT', ADMIN_MESSAGES.alreadyAdmin);
    if (role === 'user' && user.role !== 'admin') return fail('CONFLICT', ADMIN_MESSAGES.notAdmin);
    user.role = role;
    await this.em.flush();
    return ok({ message: role === 'admin' ? ADMIN_MESSAGES.added : ADMIN_MESSAGES.removed, userId: user.id });
  }
}
