import { isUnreachable } from './rpc-handling.js';

describe('isUnreachable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a closed database (55000)', Object.assign(new Error('database "jalaj_cart" is not currently accepting connections'), { code: '55000' })],
    ['an administrator ending the connection (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection failure class (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['pg ending the connection', new Error('Connection terminated unexpectedly')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['the ORM wrapping one', Object.assign(new Error('ConnectionException'), { cause: Object.assign(new Error('x'), { code: '57P03' }) })],
  ])('is true for %s', (_, error) => {
    expect(isUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isUnreachable(error)).toBe(false);
  });
});
