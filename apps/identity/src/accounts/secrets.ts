import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so not importable as a value). */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** Compared against when the account does not exist, so timing does not reveal which emails have accounts. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** A random, URL-safe secret with a readable prefix. */
export const newSecret = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

/** Secrets are stored only as SHA-256 hashes: a database leak does not leak live tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit SMS code. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
