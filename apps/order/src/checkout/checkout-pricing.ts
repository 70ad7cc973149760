import { linePricing, payableAmountPaise, shippingChargeOrDefaultPaise } from '@jalaj/commerce';
import type { Cart, OrderLine } from '@jalaj/contracts';

/** An order's lines and amounts, all in paise, as the order service charges them. */
export interface PricedOrder {
  readonly lines: OrderLine[];
  readonly itemCount: number;
  readonly subtotalPaise: number;
  readonly shippingPaise: number;
  /** Subtotal + shipping rounded to a whole rupee (`payableAmountPaise`): what PhonePe is asked for. */
  readonly totalPaise: number;
}

/**
 * Prices an order from the cart service's lines (which carry catalog's current prices) with
 * `libs/commerce`: each line's volume discount from its own quantity, shipping from the
 * shipping address's PIN code (0 when it cannot be calculated, spec §8), the payable
 * amount a whole rupee. Nothing the browser sent is used. A line whose product is gone
 * refuses the order (`productId` names it).
 */
export function priceOrder(cart: Cart, shippingPostalCode: string): { ok: true; order: PricedOrder } | { ok: false; productId: string } {
  const lines: OrderLine[] = [];
  for (const line of cart.lines) {
    if (!line.product) return { ok: false, productId: line.productId };
    const pricing = linePricing(line.product.pricePaise, line.quantity);
    lines.push({
      productId: line.productId,
      productName: line.product.name,
      imageUrl: line.product.imageUrl,
      quantity: line.quantity,
      unitPricePaise: pricing.unitPricePaise,
      discountPercent: pricing.discountPercent,
      discountedUnitPricePaise: pricing.discountedUnitPricePaise,
      lineTotalPaise: pricing.lineTotalPaise,
    });
  }
  const subtotalPaise = lines.reduce((sum, l) => sum + l.lineTotalPaise, 0);
  const shippingPaise = shippingChargeOrDefaultPaise(shippingPostalCode);
  return {
    ok: true,
    order: {
      lines,
      itemCount: lines.reduce((n, l) => n + l.quantity, 0),
      subtotalPaise,
      shippingPaise,
      totalPaise: payableAmountPaise(subtotalPaise, shippingPaise),
    },
  };
}
