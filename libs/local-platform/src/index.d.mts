export interface InfraPorts {
  postgres: number;
  nats: number;
  redis: number;
  s3: number;
}
/** A backing server started by {@link startInfra} that can be taken away and brought back. */
export interface Restartable {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
}
export interface Infra {
  env: Record<string, string>;
  /** NATS and Redis, when started here (not given by the environment). */
  servers?: { nats?: Restartable; redis?: Restartable };
  stop: () => Promise<void>;
}
export function freePort(): Promise<number>;
export function waitForPort(port: number, timeoutMs?: number, host?: string): Promise<void>;
export function ensureBinary(bin: string, debPackage: string, envVar: string, log?: (msg: string) => void): string;
export function startInfra(options: {
  dataDir: string;
  ports: InfraPorts;
  ephemeral?: boolean;
  log?: (msg: string) => void;
  env?: NodeJS.ProcessEnv;
}): Promise<Infra>;
export const root: string;
export const APPS: { name: string; port: number; opsPort: number }[];
export const SANDBOX_CREDENTIALS: { clientId: string; clientSecret: string; webhookUsername: string; webhookPassword: string };
export function phonePeSandboxEnv(options: { sandboxUrl: string; sandboxPublicUrl: string; shopUrl: string; control: boolean }): Record<string, string>;
export function waitReady(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
export interface AppHandle {
  child: import('node:child_process').ChildProcess;
  /** The app's ops port: /health/live, /health/ready, /health, /metrics. */
  opsPort: number;
  stop: () => Promise<void>;
}
/** V8 flags every app starts with (the young generation capped at 8 MB per semi-space). */
export const APP_NODE_FLAGS: string[];
/** Environment every app starts with unless the caller's sets it (MALLOC_ARENA_MAX=2, NODE_COMPILE_CACHE). */
export const APP_ENV: Record<string, string>;
/**
 * Runs every start at once; when one fails, stops the ones that started and throws its error.
 * Returns the handles in the order of `starts`.
 */
/**
 * Runs the calling script (`import.meta.url`) again as the leader of a process group of its
 * own, passing SIGINT, SIGTERM and SIGHUP on as SIGTERM: resolves at once in that runner;
 * in the first process it never resolves (that process exits with the runner's code).
 */
export function superviseSelf(scriptUrl: string, options?: { nodeArgs?: string[] }): Promise<void>;
/** Stops every app this process started that still runs, whether its start finished or not. */
export function stopStartedApps(): Promise<void>;
export function startTogether<H extends { stop(): Promise<void> }>(starts: (() => Promise<H>)[]): Promise<H[]>;
export function startApp(
  name: string,
  options: {
    env: Record<string, string>;
    port: number;
    opsPort?: number;
    onLine?: (app: string, line: string) => void;
    readyTimeoutMs?: number;
    /** The file the app runs from (its bundle by default, `appEntry`). */
    entry?: string;
  },
): Promise<AppHandle>;
export function startApps(options: {
  env: Record<string, string>;
  ports: Record<string, number>;
  opsPorts?: Record<string, number>;
  onLine: (app: string, line: string) => void;
  readyTimeoutMs?: number;
  /** Replicas of each app but the PhonePe sandbox (1 by default). */
  replicas?: number;
}): Promise<{ apps: Record<string, ReplicasHandle>; stop: () => Promise<void> }>;
/** Replicas of one app: the first one's handle, every replica, and `stop()` for all (and their balancer). */
export interface ReplicasHandle extends AppHandle {
  replicas: AppHandle[];
  /**
   * Restarts replica `i` as a rolling update does: out of the balancer, stopped gracefully,
   * started again (from `entry`, the next version's file, when given), back in once ready.
   */
  restart(i: number, options?: { entry?: string }): Promise<void>;
}
export function startReplicas(
  name: string,
  options: { count?: number; env: Record<string, string>; port: number; opsPort?: number; onLine?: (app: string, line: string) => void; readyTimeoutMs?: number },
): Promise<ReplicasHandle>;
export interface Balancer {
  add: (port: number) => void;
  remove: (port: number) => void;
  backends: () => number[];
  close: () => Promise<void>;
}
export function startBalancer(options: { port: number; host?: string; backends?: number[] }): Promise<Balancer>;
/** The backing services' official images (deploy/backing-images.json), by service. */
export const backingImages: Record<string, string>;
/** Their local stand-ins (deploy/local-images.json `backing`), by the same keys. */
export const localBackingImages: Record<string, string>;
/**
 * The image of each backing service: JALAJ_IMAGES=official or local chooses, unset the
 * official image unless it is absent and the local one present.
 */
export function chooseBackingImages(
  mode: string | undefined,
  isPresent: (image: string) => boolean,
  official?: Record<string, string>,
  local?: Record<string, string>,
): Record<string, string>;
/** The backing services of spec files running side by side: each lane's NATS and Redis. */
export interface TestInfra extends Infra {
  lanes: { NATS_URL: string; REDIS_URL: string }[];
}
export function startContainers(options?: { log?: (msg: string) => void; lanes?: number }): Promise<TestInfra>;
export function startTestInfra(dataDir: string, options?: { lanes?: number }): Promise<TestInfra>;
