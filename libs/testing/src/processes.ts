import { readdirSync, readFileSync } from 'node:fs';

/**
 * The processes (pids) whose environment has `name=value`: every process a run started
 * with it, whatever started it, since children inherit the environment (Linux's /proc).
 * The start and stop specs find what a stopped run left behind with it.
 */
export function processesWithEnv(name: string, value: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`${name}=${value}\0`);
      } catch {
        return false;
      }
    })
    .map(Number);
}
