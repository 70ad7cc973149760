import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { runSql } from '@jalaj/server-kit';

/**
 * The SQL of `media_uploads`, by name. Each method runs on the `EntityManager` it is given —
 * an event handler's transaction, or the service's injected one — so a change to the
 * records commits with the work that caused it.
 */
@Injectable()
export class UploadsRepository {
  /** Records a stored image set as pending: no product uses it yet. */
  async insertPending(em: EntityManager, upload: { id: string; prefix: string; uploadedBy: string; contentType: string; bytes: number }): Promise<void> {
    await runSql(em, "insert into media_uploads (id, prefix, status, uploaded_by, content_type, bytes) values ($1, $2, 'pending', $3, $4, $5)", [
      upload.id,
      upload.prefix,
      upload.uploadedBy,
      upload.contentType,
      upload.bytes,
    ]);
  }

  /** Marks the uploads under the prefixes as attached to the product (none: a guarantee claim's photos). */
  async attach(em: EntityManager, productId: string | null, prefixes: string[]): Promise<void> {
    if (!prefixes.length) return;
    await runSql(em, "update media_uploads set status = 'attached', product_id = $1 where prefix = any($2::text[])", [productId, prefixes]);
  }

  /** Deletes the records of the uploads under the prefixes. */
  async deleteByPrefixes(em: EntityManager, prefixes: string[]): Promise<void> {
    if (!prefixes.length) return;
    await runSql(em, 'delete from media_uploads where prefix = any($1::text[])', [prefixes]);
  }

  /** Prefixes of uploads still pending after `hours` (an abandoned product form). */
  async pendingOlderThan(em: EntityManager, hours: number, limit: number): Promise<string[]> {
    const rows = await runSql<{ prefix: string }>(em, "select prefix from media_uploads where status = 'pending' and created_at < now() - make_interval(hours => $1) limit $2", [hours, limit]);
    return rows.map((r) => r.prefix);
  }
}
