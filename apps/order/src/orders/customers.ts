import { Injectable } from '@nestjs/common';
import { ok, type Actor, type OrderCustomer, type Result } from '@jalaj/contracts';
import { getLogger, RpcClient } from '@jalaj/server-kit';
import { searchTerm } from './orders.repository.js';

/**
 * The Orders tab's customers, asked of identity (which owns names and emails): one search
 * per query and one lookup per page or batch, never one request per order.
 */
@Injectable()
export class Customers {
  private readonly log = getLogger('Customers');

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The accounts whose email or name contains the search text; an empty list when there is
   * no text. Identity's refusal is the caller's answer.
   */
  async matching(actor: Actor, q: string | undefined): Promise<Result<string[]>> {
    const term = searchTerm(q ?? '');
    if (!term) return ok([]);
    const found = await this.rpc.request('rpc.identity.profiles.search', { actor, query: term });
    return found.ok ? ok(found.data.ids) : found;
  }

  /**
   * The customers of the given user ids, in ONE request (deduplicated). `lenient`: identity
   * failing leaves them unknown (the screens read "Unknown User") instead of failing.
   */
  async byId(actor: Actor, userIds: readonly string[], lenient: true): Promise<Map<string, OrderCustomer>>;
  async byId(actor: Actor, userIds: readonly string[], lenient: false): Promise<Result<Map<string, OrderCustomer>>>;
  async byId(actor: Actor, userIds: readonly string[], lenient: boolean): Promise<Map<string, OrderCustomer> | Result<Map<string, OrderCustomer>>> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return lenient ? new Map() : ok(new Map());
    try {
      const found = await this.rpc.request('rpc.identity.profiles.lookup', { actor, ids });
      if (found.ok) {
        const map = new Map(found.data.items.map((c) => [c.id, c]));
        return lenient ? map : ok(map);
      }
      if (!lenient) return found;
      this.log.warn({ error: found.error }, 'identity refused the customer lookup; answering without customers');
    } catch (e) {
      if (!lenient) throw e;
      this.log.warn({ err: e }, 'identity did not answer the customer lookup; answering without customers');
    }
    return new Map();
  }
}
