import { addShopDays, isCalendarDay, shopDay, shopDaysEnding, shopDayWindow } from './shop-day.js';

describe('the shop day (Asia/Kolkata)', () => {
  it('knows which days exist', () => {
    expect(isCalendarDay('2026-11-23')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-11-31', '2026-11-00', '26-11-23', '2026-1-5', '2026-11-23T00:00', ' 2026-11-23', '']) {
      expect({ bad, ok: isCalendarDay(bad) }).toEqual({ bad, ok: false });
    }
  });

  it('names the India day of an instant, which turns at 18:30 UTC', () => {
    expect(shopDay(new Date('2026-11-22T18:29:59.999Z'))).toBe('2026-11-22');
    expect(shopDay(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23');
    expect(shopDay(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
  });

  it('spans a day from India midnight to the next, end excluded', () => {
    const { start, end } = shopDayWindow('2026-11-23');
    expect(start.toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(shopDay(start)).toBe('2026-11-23');
    expect(shopDay(new Date(end.getTime() - 1))).toBe('2026-11-23');
    expect(shopDay(end)).toBe('2026-11-24');
    // Across a month and a leap day.
    expect(shopDayWindow('2028-03-01').start.toISOString()).toBe('2028-02-29T18:30:00.000Z');
  });

  it('refuses a day that does not exist', () => {
    expect(() => shopDayWindow('2026-02-30')).toThrow(RangeError);
  });

  it('counts days across months, leap days and years', () => {
    expect(addShopDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addShopDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addShopDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addShopDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(() => addShopDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('lists the days of a period that ends on a day, oldest first', () => {
    expect(shopDaysEnding('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    const month = shopDaysEnding('2026-11-23', 30);
    expect(month).toHaveLength(30);
    expect(month[0]).toBe('2026-10-25');
    expect(new Set(month).size).toBe(30);
    // The day before a period's first is the last of the period before it.
    expect(shopDaysEnding(addShopDays(month[0]!, -1), 30).at(-1)).toBe('2026-10-24');
  });
});
