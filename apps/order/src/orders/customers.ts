import { Injectable } from '@nestjs/common';
import { ok, type Actor, type OrderCustomer, type Result } from '@jalaj/contracts';
import { getLogger, RpcClient } from '@jalaj/server-kit';
import { searchTerm } from './orders.repository.js';

/** How long a customer's name and email are reused before identity is asked again (a rename shows within it). */
export const CUSTOMER_TTL_MS = 30_000;
/** How long a search's matching accounts are reused (a new or renamed account is found within it). */
export const SEARCH_TTL_MS = 5_000;
/** Entries kept at most in each memo. */
const MAX_REMEMBERED = 5_000;

/** A small time-bounded memo (oldest entries go first when it is full). */
class Memo<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string): { value: V } | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until > Date.now()) return e;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V) {
    this.entries.delete(key);
    if (this.entries.size >= MAX_REMEMBERED) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }
}

/**
 * The Orders tab's customers, asked of identity (which owns names and emails): one search
 * per query and one lookup per page or batch, never one request per order. Answers are
 * reused briefly ({@link CUSTOMER_TTL_MS}, {@link SEARCH_TTL_MS}; docs/adr/021-orders-tab-at-scale.md),
 * so a busy tab does not ask identity on every request; failures are never remembered.
 */
@Injectable()
export class Customers {
  private readonly log = getLogger('Customers');
  /** By user id; null: identity knows no such account. */
  private readonly known = new Memo<OrderCustomer | null>(CUSTOMER_TTL_MS);
  private readonly searches = new Memo<string[]>(SEARCH_TTL_MS);

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The accounts whose email or name contains the search text; an empty list when there is
   * no text. Identity's refusal is the caller's answer.
   */
  async matching(actor: Actor, q: string | undefined): Promise<Result<string[]>> {
    const term = searchTerm(q ?? '');
    if (!term) return ok([]);
    const memo = this.searches.get(term);
    if (memo) return ok(memo.value);
    const found = await this.rpc.request('rpc.identity.profiles.search', { actor, query: term });
    if (!found.ok) return found;
    this.searches.set(term, found.data.ids);
    return ok(found.data.ids);
  }

  /**
   * The customers of the given user ids, in ONE request (deduplicated). `lenient`: identity
   * failing leaves them unknown (the screens read "Unknown User") instead of failing.
   */
  async byId(actor: Actor, userIds: readonly string[], lenient: true): Promise<Map<string, OrderCustomer>>;
  async byId(actor: Actor, userIds: readonly string[], lenient: false): Promise<Result<Map<string, OrderCustomer>>>;
  async byId(actor: Actor, userIds: readonly string[], lenient: boolean): Promise<Map<string, OrderCustomer> | Result<Map<string, OrderCustomer>>> {
    const map = new Map<string, OrderCustomer>();
    const ids: string[] = [];
    for (const id of new Set(userIds)) {
      const memo = this.known.get(id);
      if (!memo) ids.push(id);
      else if (memo.value) map.set(id, memo.value);
    }
    if (!ids.length) return lenient ? map : ok(map);
    try {
      const found = await this.rpc.request('rpc.identity.profiles.lookup', { actor, ids });
      if (found.ok) {
        for (const c of found.data.items) map.set(c.id, c);
        for (const id of ids) this.known.set(id, map.get(id) ?? null);
        return lenient ? map : ok(map);
      }
      if (!lenient) return found;
      this.log.warn({ error: found.error }, 'identity refused the customer lookup; answering without customers');
    } catch (e) {
      if (!lenient) throw e;
      this.log.warn({ err: e }, 'identity did not answer the customer lookup; answering without customers');
    }
    return map;
  }
}
