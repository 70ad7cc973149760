import { adminOrderFilterSchema, calendarDaySchema, refundReasonSchema } from './order-history.js';

describe('a calendar day', () => {
  it('takes the days that exist', () => {
    for (const day of ['2026-11-23', '2028-02-29', '1970-01-01', '2026-12-31']) expect(calendarDaySchema.parse(day)).toBe(day);
  });

  it('refuses a day that does not exist, saying so, and any other text once, never throwing', () => {
    for (const day of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-04-31', '2026-11-00']) {
      expect(calendarDaySchema.safeParse(day).error?.issues.map((i) => i.message)).toEqual(['No such date: use a real day like 2026-11-22']);
    }
    for (const text of ['23-11-2026', 'today', '2026-11-23T00:00', '', '2026-11-23\u0000']) {
      expect(calendarDaySchema.safeParse(text).error?.issues.map((i) => i.message)).toEqual(['Use a date like 2026-11-22']);
    }
  });

  it('lets the Orders tab ask for the orders waiting to ship', () => {
    expect(adminOrderFilterSchema.parse({ fulfilment: 'to-ship' })).toEqual({ fulfilment: 'to-ship' });
    expect(adminOrderFilterSchema.safeParse({ fulfilment: 'to-be-shipped' }).success).toBe(false);
  });
});

describe('a refund reason', () => {
  it('is trimmed, then required: spaces alone are no reason', () => {
    expect(refundReasonSchema.parse('  Plants arrived damaged \n')).toBe('Plants arrived damaged');
    for (const reason of ['', '   ', ' ab ', '\t\n\u00a0']) {
      expect(refundReasonSchema.safeParse(reason).error?.issues.map((i) => i.message)).toEqual(['Say why the order is refunded, in at least 3 characters.']);
    }
  });
});
