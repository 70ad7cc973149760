import { orderNumber } from '@jalaj/commerce';
import { merchantOrderIdSchema } from '@jalaj/contracts';
import { merchantRefundId, retriedRefundId, newMerchantOrderId } from './merchant-ids.js';

describe('merchant order ids', () => {
  const now = Date.parse('2026-11-22T10:15:00.000Z');

  it('are MO<epoch ms><random>_<suffix>, within PhonePe’s 63 characters of A-Za-z0-9_-', () => {
    const id = newMerchantOrderId(now);
    expect(id).toMatch(new RegExp(`^MO${now}[0-9a-z]{8}_[0-9a-z]{4}$`));
    expect(id.length).toBeLessThanOrEqual(63);
    expect(merchantOrderIdSchema.safeParse(id).success).toBe(true);
  });

  it('give an order number of 8 random characters, never the clock', () => {
    const id = newMerchantOrderId(now);
    const number = orderNumber(id);
    expect(number).toHaveLength(8);
    expect(id.slice(2 + String(now).length, id.indexOf('_'))).toBe(number);
  });

  it('differ from each other, also within one millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newMerchantOrderId(now)));
    const numbers = new Set([...ids].map(orderNumber));
    expect(ids.size).toBe(1000);
    expect(numbers.size).toBe(1000);
  });

  it('give each refund of an order its id: MR and the same body, then _2, _3…; the same refund the same id', () => {
    const id = newMerchantOrderId(now);
    expect(merchantRefundId(id)).toBe(`MR${id.slice(2)}`);
    expect(merchantRefundId(id, 1)).toBe(merchantRefundId(id));
    expect(merchantRefundId(id, 2)).toBe(`MR${id.slice(2)}_2`);
    expect(merchantRefundId(id, 12)).toBe(`MR${id.slice(2)}_12`);
    for (const n of [1, 2, 99]) expect(merchantOrderIdSchema.safeParse(merchantRefundId(id, n)).success).toBe(true);
  });

  it('names a refund asked again after a refusal by its id and _r<attempt>, never the same id twice', () => {
    const id = merchantRefundId(newMerchantOrderId(now), 2);
    expect(retriedRefundId(id, 2)).toBe(`${id}_r2`);
    expect(retriedRefundId(retriedRefundId(id, 2), 3)).toBe(`${id}_r3`);
    expect(merchantOrderIdSchema.safeParse(retriedRefundId(id, 99)).success).toBe(true);
  });
});
