import fc from 'fast-check';
import {
  madeOnFirstUse,
  adminSinceText,
  dateFormatter,
  formatAdminDate,
  formatCustomerDate,
  formatRelativeTime,
  formatRupees,
  groupIndianDigits,
} from './format.js';

describe('formatRupees', () => {
  it.each([
    [0, '₹0.00'],
    [99, '₹0.99'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [19990, '₹199.90'],
    [99999, '₹999.99'],
    [100000, '₹1,000.00'],
    [9999999, '₹99,999.99'],
    [10000000, '₹1,00,000.00'],
    [12345650, '₹1,23,456.50'],
    [100000000, '₹10,00,000.00'],
    [1000000000, '₹1,00,00,000.00'],
    [123456789012, '₹1,23,45,67,890.12'],
    [-50, '-₹0.50'],
    [-12345650, '-₹1,23,456.50'],
    [-0, '₹0.00'],
  ])('%d paise → %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  it.each([[1.5], [NaN], [Infinity]])('rejects %d', (paise) => {
    expect(() => formatRupees(paise)).toThrow(RangeError);
  });

  it('keeps every digit and groups the Indian way', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (paise) => {
        const text = formatRupees(paise);
        expect(text).toMatch(/^-?₹(\d{1,3}|\d{1,2}(,\d{2})*,\d{3})\.\d{2}$/);
        const digits = text.replace(/[^\d-]/g, '');
        expect(Number(digits)).toBe(paise === 0 ? 0 : paise);
      }),
    );
  });
});

describe('groupIndianDigits', () => {
  it.each([
    ['0', '0'],
    ['123', '123'],
    ['1234', '1,234'],
    ['12345', '12,345'],
    ['123456', '1,23,456'],
    ['1234567', '12,34,567'],
    ['12345678', '1,23,45,678'],
  ])('%s → %s', (digits, grouped) => {
    expect(groupIndianDigits(digits)).toBe(grouped);
  });
});

describe('formatCustomerDate', () => {
  it.each([
    ['2026-11-22T09:34:00Z', undefined, 'November 22, 2026 at 3:04 PM'],
    ['2026-11-22T09:34:00Z', 'UTC', 'November 22, 2026 at 9:34 AM'],
    ['2026-01-01T18:29:00Z', undefined, 'January 1, 2026 at 11:59 PM'],
    ['2026-01-01T18:30:00Z', undefined, 'January 2, 2026 at 12:00 AM'],
  ])('%s in %s → %s', (iso, timeZone, text) => {
    expect(formatCustomerDate(iso, timeZone ? { timeZone } : {})).toBe(text);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const date = new Date('2026-11-22T09:34:00Z');
    expect(formatCustomerDate(date)).toBe('November 22, 2026 at 3:04 PM');
    expect(formatCustomerDate(date.getTime())).toBe('November 22, 2026 at 3:04 PM');
  });

  it('uses plain spaces only', () => {
    expect(formatCustomerDate('2026-11-22T09:34:00Z')).not.toMatch(/[\u00a0\u202f\u2009]/);
  });

  it('rejects an invalid date', () => {
    expect(() => formatCustomerDate('not a date')).toThrow(RangeError);
  });
});

describe('formatAdminDate', () => {
  it.each([
    ['2026-11-22T09:34:00Z', undefined, '22/11/26'],
    ['2026-11-21T20:00:00Z', undefined, '22/11/26'],
    ['2026-11-21T20:00:00Z', 'UTC', '21/11/26'],
    ['2025-03-05T00:00:00Z', undefined, '05/03/25'],
  ])('%s in %s → %s', (iso, timeZone, text) => {
    expect(formatAdminDate(iso, timeZone ? { timeZone } : {})).toBe(text);
  });

  it('rejects an invalid date', () => {
    expect(() => formatAdminDate(new Date(NaN))).toThrow(RangeError);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, 'now'],
    [30_000, '30 seconds ago'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, 'yesterday'],
    [47 * HOUR, 'yesterday'],
    [3 * DAY, '3 days ago'],
    [7 * DAY, 'last week'],
    [14 * DAY, '2 weeks ago'],
    [30 * DAY, 'last month'],
    [90 * DAY, '3 months ago'],
    [365 * DAY, 'last year'],
    [800 * DAY, '2 years ago'],
    [-2 * DAY, 'in 2 days'],
  ])('%d ms ago → %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('builds the admin line', () => {
    expect(adminSinceText(ago(3 * DAY), now)).toBe('Admin since 3 days ago');
    expect(adminSinceText(ago(3 * DAY).toISOString(), now.getTime())).toBe('Admin since 3 days ago');
  });

  it('defaults to the current time', () => {
    expect(formatRelativeTime(new Date(Date.now() - 3 * DAY - HOUR))).toBe('3 days ago');
  });

  it('rejects an invalid date', () => {
    expect(() => formatRelativeTime('garbage', now)).toThrow(RangeError);
  });
});

describe('dateFormatter', () => {
  it('makes each formatter once and keeps it', () => {
    const first = dateFormatter('en-IN', { dateStyle: 'short', timeZone: 'Asia/Kolkata' });
    expect(dateFormatter('en-IN', { dateStyle: 'short', timeZone: 'Asia/Kolkata' })).toBe(first);
    expect(dateFormatter('en-IN', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(first);
    expect(dateFormatter('en-IN', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Kolkata' })).not.toBe(first);
  });

  it('refuses a time zone that does not exist, every time', () => {
    expect(() => dateFormatter('en-US', { dateStyle: 'long', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateFormatter('en-US', { dateStyle: 'long', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('madeOnFirstUse', () => {
  it('makes nothing until first asked, then once, and answers with that one', () => {
    let made = 0;
    const formatter = madeOnFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(made).toBe(1);
  });

  it('keeps a made value that is falsy', () => {
    let made = 0;
    const zero = madeOnFirstUse(() => (made++, 0));
    expect([zero(), zero()]).toEqual([0, 0]);
    expect(made).toBe(1);
  });
});
