import { INDIAN_STATES } from './address.js';
import { BILL_NUMBER_MAX_LENGTH, billNumberPattern, financialYear, formatBillNumber, GST_STATE_CODES, gstStateCode, isBillNumber, isBillPrefix, isGstin, placeOfSupply, placeOfSupplyText } from './bill-of-supply.js';

describe('financialYear', () => {
  it('runs from April to March', () => {
    expect(financialYear(new Date('2026-11-22T10:15:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-02-10T10:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2026-03-15T10:00:00Z'))).toBe('25-26');
  });

  it('turns over at midnight India time, not UTC', () => {
    // 31 March 2026 23:59 IST is still 25-26; 1 April 00:00 IST (31 March 18:30 UTC) is 26-27.
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('25-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('26-27');
  });

  it('writes the century turn with two digits', () => {
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('99-00');
  });
});

describe('formatBillNumber', () => {
  it('pads the serial to six digits and stays within 16 characters', () => {
    expect(formatBillNumber('JLJ', '26-27', 123)).toBe('JLJ/26-27/000123');
    expect(formatBillNumber('J', '26-27', 999999)).toBe('J/26-27/999999');
    // A 4-character prefix leaves room for 5 digits.
    const longest = formatBillNumber('ABCD', '26-27', 99999);
    expect(longest).toBe('ABCD/26-27/99999');
    expect(longest.length).toBeLessThanOrEqual(BILL_NUMBER_MAX_LENGTH);
    expect(isBillNumber(longest)).toBe(true);
  });

  it('refuses what cannot make a valid number', () => {
    expect(() => formatBillNumber('JALAJ', '26-27', 1)).toThrow();
    expect(() => formatBillNumber('JLJ', '2026', 1)).toThrow();
    expect(() => formatBillNumber('JLJ', '26-27', 0)).toThrow();
    expect(() => formatBillNumber('JLJ', '26-27', 1_000_000)).toThrow();
    expect(() => formatBillNumber('ABCD', '26-27', 100_000)).toThrow();
  });
});

describe('billNumberPattern', () => {
  it("is the head and padding every number of a prefix and year shares (what the order service's SQL pads)", () => {
    expect(billNumberPattern('JLJ', '26-27')).toEqual({ head: 'JLJ/26-27/', digits: 6 });
    expect(billNumberPattern('ABCD', '26-27')).toEqual({ head: 'ABCD/26-27/', digits: 5 });
    const { head, digits } = billNumberPattern('JLJ', '26-27');
    expect(`${head}${String(123).padStart(digits, '0')}`).toBe(formatBillNumber('JLJ', '26-27', 123));
    expect(() => billNumberPattern('JALAJ', '26-27')).toThrow();
    expect(() => billNumberPattern('JLJ', '2026')).toThrow();
  });
});

describe('bill prefixes, numbers and GSTINs', () => {
  it('accepts 1 to 4 letters or digits as a prefix', () => {
    expect(isBillPrefix('JLJ')).toBe(true);
    expect(isBillPrefix('J1')).toBe(true);
    expect(isBillPrefix('')).toBe(false);
    expect(isBillPrefix('JALAJ')).toBe(false);
    expect(isBillPrefix('J/L')).toBe(false);
  });

  it('allows only letters, digits, - and / in a bill number', () => {
    expect(isBillNumber('JLJ/26-27/000001')).toBe(true);
    expect(isBillNumber('JLJ 26-27 000001')).toBe(false);
    expect(isBillNumber('JLJ/26-27/0000001')).toBe(false);
  });

  it('checks the shape of a GSTIN', () => {
    expect(isGstin('19ABCDE1234F1Z5')).toBe(true);
    expect(isGstin('19abcde1234f1z5')).toBe(false);
    expect(isGstin('19ABCDE1234F1Y5')).toBe(false);
    expect(isGstin('19ABCDE1234F1Z')).toBe(false);
  });
});

describe('gstStateCode', () => {
  it('knows every state and union territory of the address form', () => {
    expect(Object.keys(GST_STATE_CODES)).toHaveLength(36);
    for (const state of INDIAN_STATES) expect(gstStateCode(state)).toMatch(/^\d{2}$/);
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(36);
  });

  it('gives the GST portal’s codes', () => {
    expect(gstStateCode('West Bengal')).toBe('19');
    expect(gstStateCode('Andaman and Nicobar Islands')).toBe('35');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(gstStateCode(' west bengal ')).toBe('19');
    expect(gstStateCode('Atlantis')).toBeNull();
  });
});

describe('placeOfSupplyText', () => {
  it('writes the state with its GST code, as bills and the export print it', () => {
    expect(placeOfSupplyText(placeOfSupply('West Bengal'))).toBe('West Bengal (19)');
    expect(placeOfSupplyText(placeOfSupply('Atlantis'))).toBe('Atlantis (97)');
  });
});
