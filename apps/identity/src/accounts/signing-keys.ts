/** A signing key as the rotation plan sees it. */
export interface KeyRow {
  kid: string;
  alg: string;
  createdAt: Date;
}

export interface RotationPolicy {
  /** A key older than this is replaced by a new one. */
  rotationMs: number;
  /**
   * A new key signs only once it is this old: it is published first, so a BFF that fetched
   * the keys just before it was made (and may refetch only every 30 s) knows it by then.
   */
  activationMs: number;
  /** A key that stopped signing stays published this long: the longest life of a token it signed. */
  retireAfterMs: number;
}

export interface KeyPlan {
  /** The key that signs now; null when there is none yet. */
  signing: string | null;
  /** The keys to publish as JWKS. */
  published: string[];
  /** Keys no token can still need: stop publishing them. */
  retire: string[];
  /** No key, or the newest is due for rotation: mint one. */
  mint: boolean;
}

/** The access-token algorithm; keys of any other (the EdDSA keys of earlier installs) are never used. */
export const SIGNING_ALGORITHM = 'ES256';

/**
 * Which key signs, which are published and which are retired, from the unretired keys.
 * The newest key old enough to be known everywhere signs (the only key signs at once:
 * there is nothing else); older keys stay published until the tokens they signed expired.
 */
export function planSigningKeys(rows: KeyRow[], now: number, policy: RotationPolicy): KeyPlan {
  const keys = rows.filter((r) => r.alg === SIGNING_ALGORITHM).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.kid < b.kid ? 1 : -1));
  if (!keys.length) return { signing: null, published: [], retire: [], mint: true };
  const age = (k: KeyRow) => now - k.createdAt.getTime();
  const signingIndex = keys.findIndex((k) => age(k) >= policy.activationMs);
  const index = signingIndex === -1 ? keys.length - 1 : signingIndex;
  const signing = keys[index]!;
  // The signing key took over `activationMs` after it was made; what the older keys signed before that lives at most `retireAfterMs`.
  const olderDone = age(signing) >= policy.activationMs + policy.retireAfterMs;
  const retire = olderDone ? keys.slice(index + 1).map((k) => k.kid) : [];
  return {
    signing: signing.kid,
    published: keys.filter((k) => !retire.includes(k.kid)).map((k) => k.kid),
    retire,
    mint: age(keys[0]!) >= policy.rotationMs,
  };
}
