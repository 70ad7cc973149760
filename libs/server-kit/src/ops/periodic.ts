import type { Logger } from 'pino';

/**
 * Runs a background job every `intervalMs` (after `initialDelayMs`), never two runs at
 * once; a failing run is logged and the next one happens as planned. Returns `stop()`.
 */
export function runPeriodically(
  name: string,
  job: () => Promise<number | void>,
  { intervalMs, initialDelayMs = intervalMs, log }: { intervalMs: number; initialDelayMs?: number; log: Logger },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const n = await job();
      if (n) log.info({ job: name, count: n }, `${name}: ${n}`);
    } catch (e) {
      log.warn({ err: e, job: name }, `${name} failed`);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, initialDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
