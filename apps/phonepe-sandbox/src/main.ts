import { bootConfig, ConfigError, getLogger, rootLogger } from '@jalaj/server-kit';
import { productionGuard, sandboxConfigSchema, type SandboxConfig } from './config.js';
import { buildOpsServer, buildSandbox } from './server.js';

const name = 'phonepe-sandbox';
let config: SandboxConfig;
try {
  config = bootConfig(sandboxConfigSchema, { SERVICE_NAME: name, PORT: '8086', OPS_PORT: '9086' });
  const guard = productionGuard(config);
  if (guard && 'refusal' in guard) throw new ConfigError(guard.refusal);
  if (guard) rootLogger(name).warn({ demoPayments: true }, guard.warning);
} catch (e) {
  if (e instanceof ConfigError) {
    rootLogger(name).fatal(e.message);
    process.stderr.write(`${name}: ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}

const log = getLogger('PhonePeSandbox');
const sandbox = buildSandbox(config, log);
const ops = buildOpsServer(sandbox, config.APP_VERSION);
await sandbox.app.listen({ port: config.PORT, host: config.HOST });
// Opens last: readiness is only answered once the sandbox itself listens.
await ops.listen({ port: config.OPS_PORT, host: config.OPS_HOST ?? config.HOST });
log.info(
  { port: config.PORT, opsPort: config.OPS_PORT, webhookUrl: config.SANDBOX_WEBHOOK_URL ?? null, control: config.SANDBOX_CONTROL === 'true' },
  `${name} ready (a simulator: no money moves)`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.allSettled([sandbox.close(), ops.close()]).then(() => process.exit(0));
  });
}
