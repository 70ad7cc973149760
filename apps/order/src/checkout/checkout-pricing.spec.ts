import type { Cart, CartLine } from '@jalaj/contracts';
import { priceOrder } from './checkout-pricing.js';

function line(productId: string, pricePaise: number, quantity: number, gone = false): CartLine {
  // The cart's own figures are deliberately wrong: the order must price from the product's price.
  return {
    id: `cit_${productId}`,
    productId,
    quantity,
    product: gone ? null : { name: `Plant ${productId}`, pricePaise, imageUrl: `/media/${productId}.webp`, stockQuantity: 50 },
    discountPercent: 0,
    discountedUnitPricePaise: 1,
    lineTotalPaise: 1,
    savingsPaise: 0,
  };
}
const cart = (...lines: CartLine[]): Cart => ({ lines, itemCount: lines.reduce((n, l) => n + l.quantity, 0), subtotalPaise: 1, savingsPaise: 0 });

describe('pricing an order from cart lines', () => {
  it('prices every line with its volume discount, adds Kolkata shipping and rounds to a whole rupee', () => {
    const priced = priceOrder(cart(line('a', 24900, 3), line('b', 19999, 1)), '700016');
    expect(priced).toEqual({
      ok: true,
      order: {
        itemCount: 4,
        lines: [
          { productId: 'a', productName: 'Plant a', imageUrl: '/media/a.webp', quantity: 3, unitPricePaise: 24900, discountPercent: 5, discountedUnitPricePaise: 23655, lineTotalPaise: 70965 },
          { productId: 'b', productName: 'Plant b', imageUrl: '/media/b.webp', quantity: 1, unitPricePaise: 19999, discountPercent: 0, discountedUnitPricePaise: 19999, lineTotalPaise: 19999 },
        ],
        subtotalPaise: 90964,
        shippingPaise: 7500,
        // 909.64 + 75 = 984.64 → ₹985
        totalPaise: 98500,
      },
    });
  });

  it('charges ₹150 to an Andaman PIN and elsewhere', () => {
    for (const pin of ['744101', '110001']) {
      const priced = priceOrder(cart(line('a', 10000, 1)), pin);
      expect(priced.ok && priced.order.shippingPaise).toBe(15000);
      expect(priced.ok && priced.order.totalPaise).toBe(25000);
    }
  });

  it('charges no shipping when the PIN cannot be read (spec §8)', () => {
    const priced = priceOrder(cart(line('a', 10050, 1)), 'abc');
    expect(priced.ok && priced.order.shippingPaise).toBe(0);
    expect(priced.ok && priced.order.totalPaise).toBe(10100);
  });

  it('refuses a line whose product is gone, naming it', () => {
    expect(priceOrder(cart(line('a', 10000, 1), line('gone', 5000, 2, true)), '700016')).toEqual({ ok: false, productId: 'gone' });
  });
});
