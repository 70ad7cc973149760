import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { ADDRESS_MESSAGES } from '@jalaj/commerce';
import {
  fail,
  failFields,
  notice,
  ok,
  ADMIN_USERS_MATCH_CAP,
  type Actor,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserQuery,
  type Me,
  type Notice,
  type Result,
} from '@jalaj/contracts';
import { ChangeHints, containsPattern, runSql, takeTransactionLock } from '@jalaj/server-kit';
import { toMe } from '../accounts/accounts.service.js';
import { User } from '../accounts/entities/user.entity.js';
import { AddressesService } from '../addresses/addresses.service.js';

/** A customer as the Orders tab shows them (`rpc.identity.profiles.lookup`). */
export interface ProfileSummary {
  id: string;
  fullName: string | null;
  email: string;
}

/** The most account ids one search answers (the contract's limit). */
export const SEARCH_MAX_IDS = 1000;

/** A user's profile, read without the ORM's entities. */
const PROFILE = 'select id, email, full_name, role, created_at from users where id = $1';

@Injectable()
export class ProfilesService {
  constructor(
    private readonly em: EntityManager,
    private readonly hints: ChangeHints,
    private readonly addresses: AddressesService,
  ) {}

  /** Every `/api/me` runs it: plain SQL, not the ORM (no entity is needed to read). */
  async get(actor: Actor): Promise<Result<Me>> {
    const [row] = await runSql<{ id: string; email: string | null; full_name: string; role: User['role']; created_at: string }>(this.em, PROFILE, [actor.id]);
    return row
      ? ok(toMe({ id: row.id, email: row.email, fullName: row.full_name, role: row.role, createdAt: new Date(row.created_at) }))
      : fail('PROFILE_NOT_FOUND', { action: 'load' });
  }

  /** Only the full name can change; the email cannot be modified. */
  async update(actor: Actor, fullName: string): Promise<Result<Me>> {
    const name = fullName.trim();
    if (name.length < 2) return failFields([{ field: 'fullName', message: ADDRESS_MESSAGES.fullName }]);
    const user = await this.em.findOne(User, { id: actor.id });
    if (!user) return fail('PROFILE_NOT_FOUND', { action: 'update' });
    user.fullName = name;
    await this.em.flush();
    this.hints.announce('hint.identity.user.changed.v1', { userId: user.id });
    return ok(toMe(user));
  }

  /** Re-checks the admin role in the database: the token's claim may be minutes old. */
  private async isAdmin(actor: Actor): Promise<boolean> {
    if (actor.role !== 'admin') return false;
    const user = await this.em.findOne(User, { id: actor.id });
    return user?.role === 'admin';
  }

  /** The admins, newest first (the Admins tab). */
  async admins(actor: Actor): Promise<Result<{ items: Me[] }>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const users = await this.em.find(User, { role: 'admin' }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return ok({ items: users.map(toMe) });
  }

  /**
   * One page of the Users tab (admins only): newest first (id breaks ties, so pages never
   * overlap), the name or email containing `q` case-insensitively (`%` and `_` as
   * themselves), served by the users-tab-at-scale migration's indexes. `total` counts every
   * account; the matches are counted up to {@link ADMIN_USERS_MATCH_CAP} and no further
   * (docs/adr/034-users-tab-at-scale.md).
   */
  async adminPage(actor: Actor, query: AdminUserQuery): Promise<Result<AdminUserPage>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const { q, page, pageSize } = query;
    const pattern = q ? containsPattern(q) : null;
    const where: FilterQuery<User> = pattern ? { $or: [{ email: { $ilike: pattern } }, { fullName: { $ilike: pattern } }] } : {};
    const rows = await this.em.find(User, where, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: pageSize, offset: (page - 1) * pageSize });
    const total = await this.em.count(User, {});
    if (!pattern) return ok({ items: rows.map(toMe), total, matches: total, moreMatches: false, page, pageSize });
    const matched = (await this.em.find(User, where, { fields: ['id'], limit: ADMIN_USERS_MATCH_CAP + 1 })).length;
    const moreMatches = matched > ADMIN_USERS_MATCH_CAP;
    return ok({ items: rows.map(toMe), total, matches: moreMatches ? ADMIN_USERS_MATCH_CAP : matched, moreMatches, page, pageSize });
  }

  /** One account for the Users tab's drawer (admins only): the profile with the phone, and the addresses. */
  async adminDetail(actor: Actor, userId: string): Promise<Result<AdminUserDetail>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const user = await this.em.findOne(User, { id: userId });
    if (!user) return fail('ACCOUNT_NOT_FOUND');
    return ok({ user: { ...toMe(user), phone: user.phone ?? null }, addresses: await this.addresses.ofUser(user.id) });
  }

  /**
   * The accounts of up to 100 user ids in one query (the Orders tab's customers, admins
   * only); ids without an account are left out. An account started with a phone code has
   * no email yet: it reads as an empty one.
   */
  async lookup(actor: Actor, ids: readonly string[]): Promise<Result<{ items: ProfileSummary[] }>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const unique = [...new Set(ids)];
    const users = unique.length ? await this.em.find(User, { id: { $in: unique } }, { fields: ['id', 'fullName', 'email'] }) : [];
    return ok({ items: users.map((u) => ({ id: u.id, fullName: u.fullName || null, email: u.email ?? '' })) });
  }

  /**
   * The ids of the accounts whose email or full name contains `query`, case-insensitive
   * (`%` and `_` in it match themselves), newest first, at most {@link SEARCH_MAX_IDS}
   * (admins only; the Orders tab's search by customer).
   */
  async search(actor: Actor, query: string): Promise<Result<{ ids: string[] }>> {
    if (!(await this.isAdmin(actor))) return fail('ADMIN_REQUIRED');
    const q = query.trim();
    if (!q) return ok({ ids: [] });
    const pattern = containsPattern(q);
    const users = await this.em.find(
      User,
      { $or: [{ email: { $ilike: pattern } }, { fullName: { $ilike: pattern } }] },
      { fields: ['id'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: SEARCH_MAX_IDS },
    );
    return ok({ ids: users.map((u) => u.id) });
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
      await takeTransactionLock(tx, 'identity.admin-roles');
      const user = await tx.findOne(User, { email: email.trim().toLowerCase() });
      if (!user) return fail('USER_NOT_FOUND');
      if (role === 'admin' && user.role === 'admin') return fail('ALREADY_ADMIN');
      if (role === 'user' && user.role !== 'admin') return fail('NOT_ADMIN');
      if (role === 'user' && (await tx.count(User, { role: 'admin' })) <= 1) return fail('LAST_ADMIN');
      user.role = role;
      this.hints.announce('hint.identity.user.changed.v1', { userId: user.id });
      return ok({ notice: notice(role === 'admin' ? 'ADMIN_ADDED' : 'ADMIN_REMOVED'), userId: user.id });
    });
  }
}
