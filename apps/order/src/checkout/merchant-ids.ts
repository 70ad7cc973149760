import { ORDER_NUMBER_LENGTH } from '@jalaj/commerce';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function random(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  // 36 does not divide 256: the bias (a few percent on the first letters) is harmless for ids.
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** PhonePe's limit on a merchant order or refund id. */
export const MERCHANT_ID_MAX_LENGTH = 63;

/**
 * A new merchant order id, `MO<epoch ms><random>_<suffix>` (PhonePe: ≤ 63 of
 * `A-Za-z0-9_-`). The random part is exactly {@link ORDER_NUMBER_LENGTH} characters, so
 * the spec's order number (`orderNumber()`: the last 8 before the underscore) is all
 * random and never the clock's digits; the suffix is 4 more random characters.
 */
export function newMerchantOrderId(now: number = Date.now()): string {
  return `MO${now}${random(ORDER_NUMBER_LENGTH)}_${random(4)}`;
}

/**
 * The id of an order's `n`th refund (from 1): `MR` + the merchant order id's body, and `_n`
 * from the second on, so a refund asked again after a rollback is the same refund at PhonePe.
 */
export function merchantRefundId(merchantOrderId: string, n = 1): string {
  return `MR${merchantOrderId.slice(2)}${n > 1 ? `_${n}` : ''}`;
}

/**
 * The id under which a refund PhonePe refused is asked for again: its id with `_r<attempt>`
 * (`MR…_r2`, `MR…_2_r3`), since PhonePe keeps one outcome per merchant refund id.
 */
export function retriedRefundId(merchantRefundId: string, attempt: number): string {
  return `${merchantRefundId.replace(/_r\d+$/, '')}_r${attempt}`;
}
