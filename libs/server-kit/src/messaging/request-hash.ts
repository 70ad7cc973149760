import { createHash } from 'node:crypto';

/**
 * The JSON of a value with object keys sorted at every depth, so two requests that differ
 * only in key order (or in `undefined` members, which JSON drops) read the same.
 *
 * @param value - A JSON-compatible value (an RPC payload).
 * @returns Its canonical JSON text.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  }) ?? 'null';
}

/**
 * Fingerprint of a command's request, stored in the command log: a repeat under the same
 * command id must carry the same request, or it is an `IDEMPOTENCY_CONFLICT`.
 *
 * @param request - The RPC payload as received.
 * @returns The SHA-256 of its canonical JSON, hex.
 */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}
