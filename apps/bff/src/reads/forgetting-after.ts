/**
 * Runs a change and then forgets what this process keeps of what it changed, whatever the
 * outcome: a change that failed or timed out may still have been made. The person who made
 * it reads it here at once; other processes forget theirs when the owning service's hint
 * arrives (ADR 025, 046).
 */
export async function forgettingAfter<T>(forget: () => void, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    forget();
  }
}
