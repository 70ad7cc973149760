/** A cart line as the purchase sees it. */
export interface HeldLine {
  readonly id: string;
  readonly productId: string;
  readonly quantity: number;
}

/** A line of a paid order: which product, how many were bought. */
export interface BoughtLine {
  readonly productId: string;
  readonly quantity: number;
}

/** What a paid order does to a cart: lines lowered to a new quantity, lines removed. */
export interface CartAfterPurchase {
  readonly lower: { readonly id: string; readonly quantity: number }[];
  readonly remove: string[];
}

/** How many of each product a paid order bought (a product on two lines counts once, summed). */
export function boughtByProduct(bought: readonly BoughtLine[]): Map<string, number> {
  const byProduct = new Map<string, number>();
  for (const b of bought) byProduct.set(b.productId, (byProduct.get(b.productId) ?? 0) + b.quantity);
  return byProduct;
}

/**
 * Takes what was bought out of a cart (issue #10, item 5; the cart service applies it to the
 * shopper's locked lines in the paid event's transaction): each product's line is lowered by
 * the quantity bought and removed when nothing is left. The cart may have changed since
 * checkout began, so only the bought quantity goes, and only from the lines the order was
 * made of: a line added since stays (also one added again after the shopper emptied the
 * cart, giving up on a payment that went through later), as does quantity added to a line
 * since; a line already lowered or removed since loses at most what it has.
 *
 * @param cart - The shopper's cart lines now.
 * @param bought - The paid order's lines (a product appearing twice counts once, summed).
 * @param madeOf - The ids of the cart lines the order was made of; absent for an order
 *   placed before they were recorded, when any line of a bought product is taken from.
 * @returns The lines to lower (with their new quantity) and the ids of the lines to remove.
 */
export function removeBought(cart: readonly HeldLine[], bought: readonly BoughtLine[], madeOf?: readonly string[]): CartAfterPurchase {
  const byProduct = boughtByProduct(bought);
  const lower: { id: string; quantity: number }[] = [];
  const remove: string[] = [];
  for (const line of cart) {
    if (madeOf && !madeOf.includes(line.id)) continue;
    const taken = byProduct.get(line.productId) ?? 0;
    if (taken <= 0) continue;
    const left = line.quantity - taken;
    if (left > 0) lower.push({ id: line.id, quantity: left });
    else remove.push(line.id);
  }
  return { lower, remove };
}
