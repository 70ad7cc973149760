import { orderNumber } from '@jalaj/commerce';
import { merchantOrderIdSchema } from '@jalaj/contracts';
import { merchantRefundId, newMerchantOrderId } from './merchant-ids.js';

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

  it('have one refund id each: MR and the same body', () => {
    const id = newMerchantOrderId(now);
    expect(merchantRefundId(id)).toBe(`MR${id.slice(2)}`);
    expect(merchantRefundId(id)).toBe(merchantRefundId(id));
    expect(merchantOrderIdSchema.safeParse(merchantRefundId(id)).success).toBe(true);
  });
});
