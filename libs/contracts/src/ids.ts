/**
 * Mints prefixed, time-sortable ids (`ord_01J…`): 10 characters of millisecond time in
 * Crockford base32 followed by 16 random ones, so ids sort by creation time in indexes
 * and logs, and reveal nothing but that time.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Random bytes from the platform's CSPRNG, drawn a few kilobytes at a time: one
 * `getRandomValues` call per id cost more than the rest of the id (every request makes
 * one for its correlation id). Each byte is used once.
 */
const randomPool = new Uint8Array(4096);
let randomOffset = randomPool.length;

function randomBytes(n: number): Uint8Array {
  if (randomOffset + n > randomPool.length) {
    globalThis.crypto.getRandomValues(randomPool);
    randomOffset = 0;
  }
  const bytes = randomPool.subarray(randomOffset, randomOffset + n);
  randomOffset += n;
  return bytes;
}

export function newId(prefix: string, now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = '';
  for (const b of bytes) rand += ALPHABET[b % 32];
  return `${prefix}_${time}${rand}`;
}
