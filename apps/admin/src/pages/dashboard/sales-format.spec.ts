import { changeText, formatAxisRupees, formatDayLong, formatDayShort } from './sales-format.js';

describe('the sales over time in words', () => {
  it("writes India's days as the server names them, whatever the browser's zone", () => {
    expect(formatDayShort('2026-11-23')).toBe('23 Nov');
    expect(formatDayLong('2026-11-23')).toBe('Mon, 23 Nov, 2026');
    expect(formatDayShort('2027-01-01')).toBe('1 Jan');
  });

  it('writes amounts on the axis in thousands, lakhs and crores', () => {
    expect([0, 95000, 1200000, 12000000, 987654321].map(formatAxisRupees)).toEqual(['₹0', '₹950', '₹12K', '₹1.2L', '₹98.8L']);
  });

  it('says how a period compares with the one before', () => {
    expect(changeText(112, 100, 30)).toBe('+12% on the 30 days before');
    expect(changeText(50, 100, 90)).toBe('−50% on the 90 days before');
    expect(changeText(100, 100, 30)).toBe('no change on the 30 days before');
    expect(changeText(5, 0, 30)).toBe('none the 30 days before');
    expect(changeText(0, 0, 30)).toBe('none the 30 days before either');
  });
});
