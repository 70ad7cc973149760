import { AppErrorException } from '@jalaj/contracts';
import { commandIdOf, INVALID_IDEMPOTENCY_KEY, isCommandRoute, readIdempotencyKey } from './idempotency-key.js';

describe('Idempotency-Key', () => {
  describe('readIdempotencyKey', () => {
    it.each(['3f6c1f9e-8b7a-4c2d-9e1f-0a2b3c4d5e6f', 'abcdefgh', 'order:2026.11_22-x', 'k'.repeat(128)])('accepts %s', (key) => {
      expect(readIdempotencyKey(key)).toBe(key);
    });

    it('is optional', () => {
      expect(readIdempotencyKey(undefined)).toBeUndefined();
    });

    it.each([
      ['too short', 'abcdefg'],
      ['too long', 'k'.repeat(129)],
      ['empty', ''],
      ['a space', 'abcd efgh'],
      ['a slash', 'abcd/efgh'],
      ['non-ASCII', 'clé-idempotence'],
      ['a newline', 'abcdefgh\n'],
    ])('refuses a key with %s as a 400 problem', (_name, key) => {
      const error = (() => {
        try {
          readIdempotencyKey(key);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(AppErrorException);
      expect((error as AppErrorException).error).toEqual({ code: 'VALIDATION_FAILED', message: INVALID_IDEMPOTENCY_KEY });
    });

    it('refuses a header sent twice', () => {
      expect(() => readIdempotencyKey(['abcdefgh', 'abcdefgh'])).toThrow(AppErrorException);
    });
  });

  describe('isCommandRoute', () => {
    it.each([
      ['POST', '/api/cart/items', true],
      ['PATCH', '/api/me/addresses/adr_1', true],
      ['DELETE', '/api/cart', true],
      ['PUT', '/api/x', true],
      ['GET', '/api/cart', false],
      ['HEAD', '/api/products', false],
      ['POST', '/api/auth/sign-in', false],
      ['POST', '/api/auth/refresh', false],
      ['POST', '/dev/mailbox', false],
    ])('%s %s → %s', (method, url, expected) => {
      expect(isCommandRoute(method, url)).toBe(expected);
    });
  });

  describe('commandIdOf', () => {
    it('scopes the key to the actor, so two shoppers never share a command', () => {
      expect(commandIdOf('usr_a', 'same-key-1')).not.toBe(commandIdOf('usr_b', 'same-key-1'));
      expect(commandIdOf('usr_a', 'same-key-1')).toBe('usr_a/same-key-1');
    });

    it('has none without a key or without a signed-in actor', () => {
      expect(commandIdOf('usr_a', undefined)).toBeUndefined();
      expect(commandIdOf(undefined, 'same-key-1')).toBeUndefined();
    });
  });
});
