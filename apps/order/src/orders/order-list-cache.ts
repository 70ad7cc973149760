import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { runSql } from '@jalaj/server-kit';

/** The orders' list version: the sum of its stripes (ADR 058), as a bigint (a string from pg). */
export const LIST_VERSION_SQL = 'select sum(version)::bigint as version from order_list_version';

/** Entries kept per version: pages and counts of the filters admins are looking at. */
const MAX_ENTRIES = 500;

/**
 * The Orders tab's pages and counts, cached under the orders' list version
 * (docs/adr/021-orders-tab-at-scale.md). The version is the sum of 16 rows, one of which
 * every transaction changing an order, its lines or its steps bumps at commit (database
 * triggers, so every replica, the reconciler and raw SQL are covered; ADR 058); each
 * request reads it, so an answer never lags a committed change, on any replica. A page or count is
 * computed once per version and filter, however many requests ask at the same moment.
 */
@Injectable()
export class OrderListCache {
  /** The newest version seen; entries of older versions are dropped when it moves. */
  private version = -1n;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly em: EntityManager) {}

  /** The orders' list version now (read-committed: every change committed before this read is in it). */
  async currentVersion(): Promise<bigint> {
    const rows = await runSql<{ version: string | null }>(this.em, LIST_VERSION_SQL);
    return BigInt(rows[0]?.version ?? 0);
  }

  /**
   * `load()`'s answer for `key` at `version`, computed once. A request that read an older
   * version than another already did (it raced a commit) is answered without the cache.
   */
  async get<T>(version: bigint, key: string, load: () => Promise<T>): Promise<T> {
    if (version < this.version) return load();
    if (version > this.version) {
      this.version = version;
      this.entries.clear();
    }
    const found = this.entries.get(key) as Promise<T> | undefined;
    if (found) return found;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const loading = load();
    this.entries.set(key, loading);
    // A failed load is not remembered: the next request tries again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }
}
