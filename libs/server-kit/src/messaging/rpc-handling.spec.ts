import { AppErrorException } from '@jalaj/contracts';
import { isOutage } from './events.js';
import { isUnreachable } from './rpc-handling.js';

describe('isUnreachable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a closed database (55000)', Object.assign(new Error('database "jalaj_cart" is not currently accepting connections'), { code: '55000' })],
    ['an administrator ending the connection (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection failure class (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['pg ending the connection', new Error('Connection terminated unexpectedly')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a pg client broken by a lost connection', new Error('Client has encountered a connection error and is not queryable')],
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

describe('isOutage (an event handler that failed for want of a dependency: redelivered, never parked)', () => {
  it('is true for a database out of reach and for a service answering UNAVAILABLE', () => {
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isOutage(new AppErrorException({ code: 'UNAVAILABLE' }))).toBe(true);
  });

  it('is false for any other failure, which counts towards parking', () => {
    expect(isOutage(new AppErrorException({ code: 'VALIDATION_FAILED' }))).toBe(false);
    expect(isOutage(new Error('handler bug'))).toBe(false);
  });
});
