import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One stored image set: the large, card and thumb variants under one prefix. Pending until
 * a product uses it; pending ones left behind by an abandoned product form are swept.
 */
@Entity({ tableName: 'media_uploads' })
// The sweeper's queue: pending uploads by age.
@Index({ name: 'media_uploads_pending_idx', expression: "create index media_uploads_pending_idx on media_uploads (created_at) where status = 'pending'" })
export class MediaUpload {
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** `products/<id>`: the objects are `<prefix>/<variant>.webp`. */
  @Property({ type: 'text', unique: 'media_uploads_prefix_key' })
  prefix!: string;

  @Property({ type: 'text' })
  @Check({ name: 'media_uploads_status_check', expression: "status in ('pending', 'attached')" })
  status!: 'pending' | 'attached';

  /** The product using it, once attached. */
  @Property({ type: 'text', nullable: true })
  productId?: string | null;

  /** The admin who uploaded it. */
  @Property({ type: 'text' })
  uploadedBy!: string;

  /** The type the bytes were detected as (the stored variants are WebP). */
  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'integer' })
  bytes!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
