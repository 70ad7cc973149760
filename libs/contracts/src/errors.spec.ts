import { z } from 'zod';
import { ERROR_CODES, ERROR_DATA, ERROR_DATA_FIXTURES, lazySchemas, NOTICE_DATA } from './errors.js';

describe('lazySchemas', () => {
  it('builds a schema the first time it is read, once, and none before', () => {
    const made: string[] = [];
    const schemas = lazySchemas({
      A: () => {
        made.push('A');
        return z.object({ n: z.number() });
      },
      B: () => {
        made.push('B');
        return z.object({});
      },
    });
    expect(made).toEqual([]);
    expect(Object.keys(schemas)).toEqual(['A', 'B']);
    expect(Object.hasOwn(schemas, 'A')).toBe(true);
    expect(made).toEqual([]);
    const first = schemas.A;
    expect(schemas.A).toBe(first);
    expect(made).toEqual(['A']);
    expect(schemas.A.safeParse({ n: 1 }).success).toBe(true);
    expect(schemas.A.safeParse({ n: 'one' }).success).toBe(false);
    expect(Object.isFrozen(schemas)).toBe(true);
  });

  it('serves every error and notice code, whose fixtures parse', () => {
    expect(Object.keys(ERROR_DATA)).toEqual(ERROR_CODES);
    for (const code of ERROR_CODES) expect([code, ERROR_DATA[code].safeParse(ERROR_DATA_FIXTURES[code]).success]).toEqual([code, true]);
    expect(NOTICE_DATA.CART_ITEM_ADDED.safeParse({ quantity: 2 }).success).toBe(true);
    expect(NOTICE_DATA.CART_ITEM_ADDED.safeParse({}).success).toBe(false);
  });
});
