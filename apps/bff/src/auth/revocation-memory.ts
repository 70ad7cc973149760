import { HintedMemory, type HintedMemoryOptions } from '../reads/hinted-memory.js';

/** What Redis holds about a token's session and user: the session revoked, and since when the user's tokens count. */
export interface RevocationFacts {
  readonly sessionRevoked: boolean;
  /** Tokens of the user issued before this time (ms since the epoch) are ended; null when none are. */
  readonly validAfterMs: number | null;
}

/**
 * The revocation facts of shoppers' sessions, kept in this BFF process (ADR 051) so a
 * signed-in request does not ask Redis each time: a {@link HintedMemory} by session, tagged
 * with its user. Every process that revokes a session or ends a user's tokens writes Redis
 * first, then announces it (change hints on core NATS): each process forgets what the hint
 * names, and everything while its connection is down, keeping nothing until it is back. A
 * load during which its session or user was revoked answers its own request (as a request
 * racing a sign-out always could) and is not kept. Facts are kept for `ttlMs` at most, the
 * bound on a hint lost on the way.
 */
export class RevocationMemory {
  private readonly memory: HintedMemory<RevocationFacts>;

  constructor(options: HintedMemoryOptions) {
    this.memory = new HintedMemory(options);
  }

  /** The facts of `sessionId` (a session of `userId`), from memory, else from `load` (one load per session at a time). */
  facts(sessionId: string, userId: string, load: () => Promise<RevocationFacts>): RevocationFacts | Promise<RevocationFacts> {
    // Tagged with both, so a hint naming either forgets the facts, and a load a hint overtook is not kept.
    return this.memory.read(`${userId}/${sessionId}`, async () => ({ value: await load(), tags: [`session:${sessionId}`, `user:${userId}`] }));
  }

  /** The session was revoked: forget it, and do not keep a load of it under way. */
  forgetSession(sessionId: string): void {
    this.memory.forgetTagged([`session:${sessionId}`]);
  }

  /** The user's tokens were ended: forget every session of the user, loads under way included. */
  forgetUser(userId: string): void {
    this.memory.forgetTagged([`user:${userId}`]);
  }

  pause(): void {
    this.memory.pause();
  }

  resume(): void {
    this.memory.resume();
  }

  get size(): number {
    return this.memory.size;
  }
}
