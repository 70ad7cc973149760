import { z } from 'zod';

/** Health of one service as reported by its `rpc.<service>.ping` reply. */
export const pingReplySchema = z.object({
  service: z.string(),
  /** Process-unique id of the replica that answered (host name and pid). */
  instance: z.string(),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  /** Each backing dependency the service checked while answering, `up` or `down`. */
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
export type PingReply = z.infer<typeof pingReplySchema>;

/** A plant as the storefront lists it. Prices are integer paise. */
export const productSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  pricePaise: z.number().int().nonnegative(),
  /** Up to 4 image addresses, main image first; empty when the product has none. */
  imageUrls: z.array(z.string()).max(4),
  category: z.string(),
  stockQuantity: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const emptyRequestSchema = z.object({}).strict();

/** The acting user, as the BFF passes it to services after checking the access token. */
export const actorSchema = z.object({ id: z.string(), role: z.enum(['admin', 'user']) });
export type Actor = z.infer<typeof actorSchema>;
