import { inlineValues, sqlLiteral } from './packed-transaction.js';

describe('sqlLiteral and inlineValues', () => {
  it('writes each kind of value as PostgreSQL reads it', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(-12.5)).toBe('-12.5');
    expect(sqlLiteral(12345678901234567890n)).toBe('12345678901234567890');
    expect(sqlLiteral("it's")).toBe(`'it''s'`);
    expect(sqlLiteral('a\\b')).toBe(` E'a\\\\b'`);
    expect(sqlLiteral(new Date('2026-11-28T10:00:00.000Z'))).toBe(`'2026-11-28T10:00:00.000Z'`);
    expect(sqlLiteral({ note: "O'Brien" })).toBe(`'{"note":"O''Brien"}'`);
  });

  it('refuses what it cannot write faithfully', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral(Infinity)).toThrow(TypeError);
    expect(() => sqlLiteral('a\0b')).toThrow(TypeError);
  });

  it('replaces $n outside the text’s own literals and identifiers, and wants a value for each', () => {
    expect(inlineValues(`select $1::jsonb, '$1', "$2", $2, $10`, ['{}', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'])).toBe(`select '{}'::jsonb, '$1', "$2", 2, 'ten'`);
    expect(() => inlineValues('select $2', [1])).toThrow(RangeError);
  });
});
