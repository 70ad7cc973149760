import { AppErrorException } from '@jalaj/contracts';
import { readProductFilters } from './product-filters.js';

const refusal = (query: Record<string, unknown>) => {
  try {
    readProductFilters(query);
  } catch (e) {
    if (e instanceof AppErrorException) return e.error;
    throw e;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
};

describe('readProductFilters', () => {
  it('takes the landing page filters, an empty value meaning any', () => {
    expect(readProductFilters({})).toEqual({});
    expect(readProductFilters({ q: ' fern ', category: 'foreground', difficulty: 'easy', light: 'low', co2: 'na' })).toEqual({
      q: 'fern',
      category: 'foreground',
      difficulty: 'easy',
      light: 'low',
      co2: 'na',
    });
    expect(readProductFilters({ category: '', co2: 'yes' })).toEqual({ co2: 'yes' });
  });

  it('refuses a value no select offers, naming the allowed ones', () => {
    expect(refusal({ category: 'nonsense' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: "Unknown category 'nonsense'. Choose one of: foreground, midground, background, aquatic_plant.",
      fieldErrors: [{ field: 'category' }],
    });
    expect(refusal({ difficulty: 'not_specified' }).fieldErrors).toEqual([{ field: 'difficulty', message: "Unknown difficulty 'not_specified'. Choose one of: easy, medium, advance." }]);
    expect(refusal({ light: 'LOW' }).fieldErrors?.[0]?.field).toBe('light');
    expect(refusal({ co2: 'maybe' }).fieldErrors?.[0]?.field).toBe('co2');
  });

  it('refuses unknown filters (sort, price range) and repeated or NUL values', () => {
    expect(refusal({ sort: 'price_desc' }).message).toBe("Unknown filter 'sort'. Filters: q, category, difficulty, light, co2.");
    expect(refusal({ minPrice: 'abc', maxPrice: '-1' }).fieldErrors?.map((e) => e.field)).toEqual(['minPrice', 'maxPrice']);
    expect(refusal({ category: ['foreground', 'background'] }).code).toBe('VALIDATION_FAILED');
    expect(refusal({ q: 'fern\u0000' }).code).toBe('VALIDATION_FAILED');
    expect(refusal({ q: 'x'.repeat(101) }).code).toBe('VALIDATION_FAILED');
  });
});
