import { manualLoads } from '@jalaj/testing';
import { RevocationMemory, type RevocationFacts } from './revocation-memory.js';

const loads = () => manualLoads<RevocationFacts>();

const live: RevocationFacts = { sessionRevoked: false, validAfterMs: null };
const revoked: RevocationFacts = { sessionRevoked: true, validAfterMs: null };

describe('RevocationMemory', () => {
  let now: number;
  let memory: RevocationMemory;

  beforeEach(() => {
    now = 1_000_000;
    memory = new RevocationMemory({ maxEntries: 3, ttlMs: 10_000, now: () => now });
  });

  it('asks once for a session, shares the question between concurrent requests and answers later ones from memory', async () => {
    const l = loads();
    const first = memory.facts('ses_1', 'usr_1', l.load);
    const second = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    expect(await first).toEqual(live);
    expect(await second).toEqual(live);
    expect(memory.facts('ses_1', 'usr_1', l.load)).toEqual(live);
    expect(l.count).toBe(1);
  });

  it('asks again once the session is revoked, and keeps nothing a revocation overtook', async () => {
    const l = loads();
    memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    await Promise.resolve();
    memory.forgetSession('ses_1');
    const during = memory.facts('ses_1', 'usr_1', l.load);
    memory.forgetSession('ses_1');
    l.settle(live);
    // The load answers its own request, as a request racing a sign-out always could…
    expect(await during).toEqual(live);
    // …but is not kept: the next request asks Redis, which now says revoked.
    const after = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(revoked);
    expect(await after).toEqual(revoked);
    expect(l.count).toBe(3);
  });

  it("keeps nothing a revocation overtook after another session's revocation set the load apart", async () => {
    const l = loads();
    const during = memory.facts('ses_1', 'usr_1', l.load);
    memory.forgetSession('ses_2');
    memory.forgetSession('ses_1');
    l.settle(live);
    expect(await during).toEqual(live);
    // Not kept: the next request asks Redis, which now says revoked.
    const next = memory.facts('ses_1', 'usr_1', l.load);
    expect(l.count).toBe(2);
    l.settle(revoked);
    expect(await next).toEqual(revoked);
  });

  it("forgets every session of a user whose tokens were ended, and only that user's", async () => {
    const l = loads();
    for (const [session, user] of [['ses_a', 'usr_1'], ['ses_b', 'usr_1'], ['ses_c', 'usr_2']] as const) {
      const facts = memory.facts(session, user, l.load);
      l.settle(live);
      await facts;
    }
    const loading = memory.facts('ses_d', 'usr_1', l.load);
    memory.forgetUser('usr_1');
    l.settle(live);
    await loading;
    expect(memory.size).toBe(1);
    expect(memory.facts('ses_c', 'usr_2', l.load)).toEqual(live);
    expect(l.count).toBe(4);
    void memory.facts('ses_a', 'usr_1', l.load);
    expect(l.count).toBe(5);
  });

  it('asks again after the TTL, the bound on a lost hint', async () => {
    const l = loads();
    const first = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    await first;
    now += 9_999;
    expect(memory.facts('ses_1', 'usr_1', l.load)).toEqual(live);
    now += 2;
    void memory.facts('ses_1', 'usr_1', l.load);
    expect(l.count).toBe(2);
  });

  it('keeps nothing while hints cannot arrive, and forgets what it had', async () => {
    const l = loads();
    const first = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    await first;
    memory.pause();
    expect(memory.size).toBe(0);
    const paused = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    await paused;
    expect(memory.size).toBe(0);
    memory.resume();
    const resumed = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    await resumed;
    expect(memory.size).toBe(1);
  });

  it('keeps nothing when Redis cannot be asked, and never answers one user with another user’s session', async () => {
    const l = loads();
    const failed = memory.facts('ses_1', 'usr_1', l.load);
    l.fail(new Error('Redis out of reach'));
    await expect(failed).rejects.toThrow('Redis out of reach');
    expect(memory.size).toBe(0);
    const kept = memory.facts('ses_1', 'usr_1', l.load);
    l.settle(live);
    await kept;
    void memory.facts('ses_1', 'usr_2', l.load);
    expect(l.count).toBe(3);
  });

  it('drops the oldest session beyond its size', async () => {
    const l = loads();
    for (const n of [1, 2, 3, 4]) {
      const facts = memory.facts(`ses_${n}`, 'usr_1', l.load);
      l.settle(live);
      await facts;
    }
    expect(memory.size).toBe(3);
    void memory.facts('ses_1', 'usr_1', l.load);
    expect(l.count).toBe(5);
  });
});
