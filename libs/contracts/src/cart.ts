import { z } from 'zod';
import { notice, noticeSchema, resultSchema } from './errors.js';
import { actorSchema, text } from './schemas.js';
import type { RpcDefinition } from './subjects.js';

/** One cart line with the product's current data and its prices, all computed by the server (libs/commerce). */
export const cartLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  quantity: z.number().int().positive(),
  /** Null when the product was deleted since: the line shows as such and cannot be checked out. */
  product: z
    .object({
      name: z.string(),
      pricePaise: z.number().int().nonnegative(),
      imageUrl: z.string().nullable(),
      stockQuantity: z.number().int().nonnegative(),
    })
    .nullable(),
  discountPercent: z.number().int().min(0).max(100),
  discountedUnitPricePaise: z.number().int().nonnegative(),
  lineTotalPaise: z.number().int().nonnegative(),
  savingsPaise: z.number().int().nonnegative(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The cart: lines newest first, item count (sum of quantities) and totals of the available lines. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  itemCount: z.number().int().nonnegative(),
  subtotalPaise: z.number().int().nonnegative(),
  savingsPaise: z.number().int().nonnegative(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A cart change with the toast the storefront shows for it (spec §8). */
/** A cart change: the cart after it and the notice to show (its texts come from the catalogue). */
export const cartChangeSchema = z.object({ cart: cartSchema, notice: noticeSchema });

const quantity = z.number().int().min(-1000).max(1000);
const userActor = { id: 'usr_01JD0000000000000000000000', role: 'user' as const };
const emptyCart = { lines: [], itemCount: 0, subtotalPaise: 0, savingsPaise: 0 };
const oneLine: Cart = {
  lines: [
    {
      id: 'cit_01JD0000000000000000000000',
      productId: 'prd_01JD0000000000000000000000',
      quantity: 3,
      product: { name: 'Anubias nana', pricePaise: 24900, imageUrl: '/media/demo/anubias-nana/large.webp', stockQuantity: 40 },
      discountPercent: 5,
      discountedUnitPricePaise: 23655,
      lineTotalPaise: 70965,
      savingsPaise: 3735,
    },
  ],
  itemCount: 3,
  subtotalPaise: 70965,
  savingsPaise: 3735,
};
const ok = <T>(data: T) => ({ ok: true as const, data });

/** The cart service's subjects. Asked by: the BFF for the signed-in shopper (`actor`). */
export const cartSubjects = {
  /** The actor's cart. */
  'rpc.cart.items.list': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(cartSchema),
    fixtures: { request: { actor: userActor }, reply: ok(oneLine) },
  },
  /** Adds a quantity of a product (spec §4 Cart steps 1–3): OUT_OF_STOCK or INSUFFICIENT_STOCK with the spec's texts. */
  'rpc.cart.items.add': {
    request: z.object({ actor: actorSchema, productId: text(64), quantity }).strict(),
    reply: resultSchema(cartChangeSchema),
    fixtures: { request: { actor: userActor, productId: 'prd_01JD0000000000000000000000', quantity: 3 }, reply: ok({ cart: oneLine, notice: notice('CART_ITEM_ADDED', { quantity: 3 }) }) },
  },
  /** Sets a line's quantity: 0 or less removes it, above the stock is refused. */
  'rpc.cart.items.update': {
    request: z.object({ actor: actorSchema, id: text(64), quantity }).strict(),
    reply: resultSchema(cartChangeSchema),
    fixtures: { request: { actor: userActor, id: 'cit_01JD0000000000000000000000', quantity: 0 }, reply: ok({ cart: emptyCart, notice: notice('CART_ITEM_REMOVED') }) },
  },
  /** Removes a line. Another shopper's line id is NOT_FOUND. */
  'rpc.cart.items.remove': {
    request: z.object({ actor: actorSchema, id: text(64) }).strict(),
    reply: resultSchema(cartChangeSchema),
    fixtures: { request: { actor: userActor, id: 'cit_01JD0000000000000000000000' }, reply: ok({ cart: emptyCart, notice: notice('CART_ITEM_REMOVED') }) },
  },
  /** Empties the actor's cart. */
  'rpc.cart.items.clear': {
    request: z.object({ actor: actorSchema }).strict(),
    reply: resultSchema(cartChangeSchema),
    fixtures: { request: { actor: userActor }, reply: ok({ cart: emptyCart, notice: notice('CART_CLEARED') }) },
  },
} as const satisfies Record<`rpc.cart.${string}`, RpcDefinition>;
