/**
 * When to ask PhonePe again about a pending payment: PhonePe's documented polling schedule
 * (docs/adr/018-checkout-saga.md): the first check `firstSeconds` (20 to 25) after the
 * start, then every 3 s for 30 s, every 6 s for 60 s, every 10 s for 60 s, every 30 s for
 * 60 s, then every minute until the payment expires, and one last check just after it.
 */
export const RECONCILE_STEPS: readonly { readonly forSeconds: number; readonly everySeconds: number }[] = Object.freeze([
  { forSeconds: 30, everySeconds: 3 },
  { forSeconds: 60, everySeconds: 6 },
  { forSeconds: 60, everySeconds: 10 },
  { forSeconds: 60, everySeconds: 30 },
]);

/** Then every minute until the payment expires. */
export const RECONCILE_LAST_EVERY_SECONDS = 60;

/** The last check comes this long after the expiry, when PhonePe has surely decided. */
export const EXPIRY_GRACE_SECONDS = 10;

/**
 * The next time to ask PhonePe about a payment started at `startedAt` that expires at
 * `expiresAt`, after a check at `now`; null when no check is left (past the expiry and its
 * grace: the order is settled as expired).
 */
export function nextCheckAt(startedAt: Date, expiresAt: Date, now: Date, firstSeconds: number): Date | null {
  const last = expiresAt.getTime() + EXPIRY_GRACE_SECONDS * 1000;
  if (now.getTime() >= last) return null;
  const elapsed = (now.getTime() - startedAt.getTime()) / 1000;
  let next: number;
  if (elapsed < firstSeconds) {
    next = startedAt.getTime() + firstSeconds * 1000;
  } else {
    let until = firstSeconds;
    let every = RECONCILE_LAST_EVERY_SECONDS;
    for (const step of RECONCILE_STEPS) {
      until += step.forSeconds;
      if (elapsed < until) {
        every = step.everySeconds;
        break;
      }
    }
    next = now.getTime() + every * 1000;
  }
  return new Date(Math.min(next, last));
}
