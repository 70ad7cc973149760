import fc from 'fast-check';
import { divideRoundHalfUp, paiseToDecimalString, paiseToRupees, rupeesToPaise } from './money.js';

describe('rupeesToPaise', () => {
  it.each([
    ['199.99', 19999],
    ['199.9', 19990],
    ['199.90', 19990],
    ['199', 19900],
    ['0', 0],
    ['0.01', 1],
    ['.5', 50],
    ['5.', 500],
    [' 12.34 ', 1234],
    ['+1.00', 100],
    ['-0.50', -50],
    ['-0', 0],
    ['199.900', 19990],
    ['0.29', 29],
  ] as const)('parses the string %j as %d paise', (input, expected) => {
    expect(Object.is(rupeesToPaise(input), expected)).toBe(true);
  });

  it.each([
    [199.99, 19999],
    [0.29, 29],
    [1.1, 110],
    [19.99, 1999],
    [1e6, 100000000],
    [-2.5, -250],
    [0, 0],
    [-0, 0],
  ])('converts the number %d exactly to %d paise', (input, expected) => {
    expect(Object.is(rupeesToPaise(input), expected)).toBe(true);
  });

  it.each([
    ['1.001'],
    ['0.999'],
    ['1.005000'],
    ['abc'],
    [''],
    ['.'],
    ['1,000.00'],
    ['1e3'],
    ['₹10'],
    ['--1'],
    ['1.2.3'],
    ['NaN'],
    ['Infinity'],
    ['99999999999999999.99'],
  ])('rejects the string %j', (input) => {
    expect(() => rupeesToPaise(input)).toThrow(RangeError);
  });

  it.each([[NaN], [Infinity], [-Infinity], [0.001], [1.234], [1e-7], [1e21], [2 ** 60]])(
    'rejects the number %d',
    (input) => {
      expect(() => rupeesToPaise(input)).toThrow(RangeError);
    },
  );

  it('rejects values that are neither numbers nor strings', () => {
    expect(() => rupeesToPaise(null as unknown as string)).toThrow(RangeError);
  });

  it('round-trips every two-decimal string without drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        expect(rupeesToPaise(paiseToDecimalString(paise))).toBe(paise);
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });
});

describe('paiseToRupees', () => {
  it.each([
    [19999, 199.99],
    [0, 0],
    [1, 0.01],
    [-50, -0.5],
  ])('converts %d paise to %d rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it.each([[1.5], [NaN], [Infinity]])('rejects %d', (paise) => {
    expect(() => paiseToRupees(paise)).toThrow(RangeError);
  });
});

describe('paiseToDecimalString', () => {
  it.each([
    [19990, '199.90'],
    [19999, '199.99'],
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [-50, '-0.50'],
    [-12345, '-123.45'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('renders %d paise as %s', (paise, text) => {
    expect(paiseToDecimalString(paise)).toBe(text);
  });

  it('rejects fractional paise', () => {
    expect(() => paiseToDecimalString(0.5)).toThrow(RangeError);
  });
});

describe('divideRoundHalfUp', () => {
  it.each([
    [149, 100, 1],
    [150, 100, 2],
    [151, 100, 2],
    [249, 100, 2],
    [250, 100, 3],
    [-150, 100, -2],
    [-149, 100, -1],
    [0, 7, 0],
    [-1, 3, 0],
    [7, 1, 7],
  ])('%d / %d → %d', (n, d, expected) => {
    expect(Object.is(divideRoundHalfUp(n, d), expected)).toBe(true);
  });

  it.each([
    [1.5, 2],
    [1, 0],
    [1, -2],
    [1, 0.5],
  ])('rejects %d / %d', (n, d) => {
    expect(() => divideRoundHalfUp(n, d)).toThrow(RangeError);
  });

  it('is never more than half a unit away from the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const q = divideRoundHalfUp(n, d);
        expect(Math.abs(q * d - n) * 2).toBeLessThanOrEqual(d);
      }),
    );
  });
});
