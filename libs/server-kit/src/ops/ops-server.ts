import { fastify, type FastifyInstance } from 'fastify';
import type { OpsService } from './health.js';
import { metricsRegistry } from './metrics.js';

/** Where the ops server listens. */
export interface OpsServerOptions {
  port: number;
  host: string;
}

/**
 * The internal ops port of an app: `/health/live`, `/health/ready`, `/health` (details:
 * host, process, version, checks) and `/metrics`. It is a separate listener from the app's
 * own port so that only the platform (probes, Prometheus, operators) reaches it; the
 * public port, and so the ingress, never serves these.
 */
export async function startOpsServer(ops: OpsService, { port, host }: OpsServerOptions): Promise<FastifyInstance> {
  const server = fastify({ logger: false });
  server.get('/health/live', async () => ({ status: 'up' }));
  server.get('/health/ready', async (_request, reply) => {
    const { ok, body } = await ops.ready();
    return reply.status(ok ? 200 : 503).send(body);
  });
  server.get('/health', async () => ops.details());
  server.get('/metrics', async (_request, reply) => reply.header('content-type', metricsRegistry.contentType).send(await metricsRegistry.metrics()));
  await server.listen({ port, host });
  ops.attach(server);
  return server;
}
