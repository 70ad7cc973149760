import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root } from '@jalaj/local-platform';
import { processesWithEnv } from '@jalaj/testing';

/**
 * Ctrl-C stops a test suite's own shop whatever it is doing (issue #39). The fault suite
 * and the fuzzer run a shop of their own (scripts/lib/own-shop.mjs); a Ctrl-C in a
 * terminal signals the whole process group at once, and one that came during the fault
 * suite's rolling restart stopped PostgreSQL and NATS under the apps, crashed the script
 * and left three app processes running. The fixture runs its shop as those scripts do;
 * the spec sends SIGINT to its whole process group, as a terminal does.
 */
describe("a suite's own shop stopped with Ctrl-C (scripts/lib/own-shop-run.mjs)", () => {
  const names: string[] = [];
  afterAll(() => {
    for (const name of names) rmSync(path.join(root, '.data', name), { recursive: true, force: true });
  });

  it.each([
    ['its apps are starting', /S3-compatible store/],
    ['a replica is restarting', /restarting order-2/],
  ])('leaves no process behind when Ctrl-C comes while %s', async (_when, moment) => {
    const mark = `own-shop-stop-${process.pid}-${names.length}-${Date.now()}`;
    names.push(mark);
    // Its own backing services: none of the lane's.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(POSTGRES_URL|NATS_URL|REDIS_URL|S3_|DATABASE_URL|JALAJ_SUPERVISED)/.test(k)));
    const child = spawn(process.execPath, [path.join(root, 'scripts/lib/own-shop-run.mjs'), mark], {
      cwd: root,
      env: { ...env, JALAJ_TEST_MARK: mark },
      stdio: ['ignore', 'ignore', 'pipe'],
      // The leader of its own process group, as a terminal's foreground job is.
      detached: true,
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stderr!.setEncoding('utf8');
        child.stderr!.on('data', (d: string) => {
          output += d;
          if (moment.test(output)) resolve();
        });
        void exited.then((code) => reject(new Error(`the run exited (${code}) before ${moment}:\n${output}`)));
      });
      // Ctrl-C: SIGINT to every process of the group at once.
      process.kill(-child.pid!, 'SIGINT');
      expect(await exited).toBe(130);
      const left = processesWithEnv('JALAJ_TEST_MARK', mark);
      expect({ left, output: left.length ? output : '' }).toEqual({ left: [], output: '' });
    } finally {
      for (const pid of processesWithEnv('JALAJ_TEST_MARK', mark)) process.kill(pid, 'SIGKILL');
    }
  }, 240_000);
});
