import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { canSetDefaultBilling, canSetDefaultShipping, normalizeAddress, validateAddress } from '@jalaj/commerce';
import { fail, failFields, newId, ok, type Actor, type Address, type AddressInputBody, type Result } from '@jalaj/contracts';
import { ChangeHints, runSql } from '@jalaj/server-kit';
import { UserAddress } from './entities/address.entity.js';

/** What an address shows: the entity's fields but its owner; its creation as a Date or epoch milliseconds. */
type AddressRow = Omit<UserAddress, 'userId' | 'createdAt'> & { createdAt: Date | number };

/**
 * A user's addresses, newest first, named as the entity's properties: read on every payment
 * start (the order service's check of its two addresses) and every uncached list, so read
 * without the ORM's entities.
 */
const ADDRESSES_OF = `select id, nickname, full_name as "fullName", phone, address_line_1 as "addressLine1", address_line_2 as "addressLine2", city, state,
          postal_code as "postalCode", country, address_type as "addressType", is_default_shipping as "isDefaultShipping",
          is_default_billing as "isDefaultBilling", floor(extract(epoch from created_at) * 1000)::float8 as "createdAt"
     from user_addresses where user_id = $1 order by created_at desc, id desc`;

const toAddress = (a: AddressRow): Address => ({
  id: a.id,
  nickname: a.nickname ?? null,
  fullName: a.fullName,
  phone: a.phone,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2 ?? null,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  country: a.country,
  addressType: a.addressType,
  isDefaultShipping: a.isDefaultShipping,
  isDefaultBilling: a.isDefaultBilling,
  createdAt: new Date(a.createdAt).toISOString(),
});

const allowsShipping = (t: UserAddress['addressType']) => t === 'shipping' || t === 'both';
const allowsBilling = (t: UserAddress['addressType']) => t === 'billing' || t === 'both';

/**
 * A shopper's addresses. Every query is scoped to the actor, so another user's address
 * id is simply not found. Defaults: the first address that can serve as shipping (or
 * billing) becomes the default; deleting or retyping a default hands the flag to the
 * newest address that can take it — so a user with such an address always has exactly
 * one default of each kind (unique partial indexes forbid two).
 */
@Injectable()
export class AddressesService {
  constructor(
    private readonly em: EntityManager,
    private readonly hints: ChangeHints,
  ) {}

  /** Tells the BFFs, once the change commits, that the shopper's list of addresses reads differently (ADR 025). */
  private announce(userId: string) {
    this.hints.announce('hint.identity.addresses.changed.v1', { userId });
  }

  private validate(input: AddressInputBody) {
    const normalized = normalizeAddress(input);
    const errors = validateAddress(normalized);
    return { normalized, errors };
  }

  async list(actor: Actor): Promise<Result<{ items: Address[] }>> {
    return ok({ items: await this.ofUser(actor.id) });
  }

  /** A user's addresses, newest first (their own list, and the Users tab's drawer). */
  async ofUser(userId: string): Promise<Address[]> {
    const rows = await runSql<AddressRow>(this.em, ADDRESSES_OF, [userId]);
    return rows.map(toAddress);
  }

  async create(actor: Actor, input: AddressInputBody): Promise<Result<Address>> {
    this.announce(actor.id);
    const { normalized, errors } = this.validate(input);
    if (errors.length) return failFields(errors);
    return this.em.transactional(async (tx) => {
      // Serialise address changes of one user, so two concurrent adds cannot both take a default.
      await this.lockUser(tx, actor.id);
      const row = tx.create(UserAddress, {
        id: newId('adr'),
        userId: actor.id,
        ...normalized,
        addressType: normalized.addressType as UserAddress['addressType'],
        isDefaultShipping: false,
        isDefaultBilling: false,
        createdAt: new Date(),
      });
      tx.persist(row);
      await tx.flush();
      await this.repairDefaults(tx, actor.id);
      await tx.refresh(row);
      return ok(toAddress(row));
    });
  }

  async update(actor: Actor, id: string, input: AddressInputBody): Promise<Result<Address>> {
    this.announce(actor.id);
    const { normalized, errors } = this.validate(input);
    if (errors.length) return failFields(errors);
    return this.em.transactional(async (tx) => {
      await this.lockUser(tx, actor.id);
      const row = await tx.findOne(UserAddress, { id, userId: actor.id });
      if (!row) return fail('ADDRESS_NOT_FOUND');
      Object.assign(row, normalized, { addressType: normalized.addressType as UserAddress['addressType'] });
      if (!allowsShipping(row.addressType)) row.isDefaultShipping = false;
      if (!allowsBilling(row.addressType)) row.isDefaultBilling = false;
      await tx.flush();
      await this.repairDefaults(tx, actor.id);
      await tx.refresh(row);
      return ok(toAddress(row));
    });
  }

  async delete(actor: Actor, id: string): Promise<Result<{ id: string }>> {
    this.announce(actor.id);
    return this.em.transactional(async (tx) => {
      await this.lockUser(tx, actor.id);
      const row = await tx.findOne(UserAddress, { id, userId: actor.id });
      if (!row) return fail('ADDRESS_NOT_FOUND');
      tx.remove(row);
      await tx.flush();
      await this.repairDefaults(tx, actor.id);
      return ok({ id });
    });
  }

  async setDefault(actor: Actor, id: string, kind: 'shipping' | 'billing'): Promise<Result<{ items: Address[] }>> {
    this.announce(actor.id);
    const result = await this.em.transactional(async (tx) => {
      await this.lockUser(tx, actor.id);
      const row = await tx.findOne(UserAddress, { id, userId: actor.id });
      if (!row) return fail('ADDRESS_NOT_FOUND');
      const state = { addressType: row.addressType, isDefaultShipping: false, isDefaultBilling: false };
      if (kind === 'shipping' ? !canSetDefaultShipping(state) : !canSetDefaultBilling(state)) {
        return fail('DEFAULT_ADDRESS_FAILED', { kind });
      }
      const column = kind === 'shipping' ? 'isDefaultShipping' : 'isDefaultBilling';
      // Clear first, then set: the unique partial index never sees two defaults.
      await tx.nativeUpdate(UserAddress, { userId: actor.id, [column]: true }, { [column]: false });
      await tx.nativeUpdate(UserAddress, { id: row.id }, { [column]: true });
      return ok(null);
    });
    if (!result.ok) return result;
    this.em.clear();
    return this.list(actor);
  }

  private async lockUser(tx: EntityManager, userId: string) {
    await runSql(tx, 'select id from users where id = $1 for update', [userId]);
  }

  /** Gives each kind of default to the newest eligible address when the user has none. */
  private async repairDefaults(tx: EntityManager, userId: string) {
    for (const [column, allows] of [
      ['is_default_shipping', "('shipping', 'both')"],
      ['is_default_billing', "('billing', 'both')"],
    ] as const) {
      await runSql(
        tx,
        `update user_addresses set ${column} = true
         where id = (select id from user_addresses where user_id = $1 and address_type in ${allows} order by created_at desc, id desc limit 1)
           and not exists (select 1 from user_addresses where user_id = $1 and ${column})`,
        [userId],
      );
    }
  }
}
