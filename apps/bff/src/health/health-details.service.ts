import { Injectable } from '@nestjs/common';
import { SERVICES, type PingReply, type ServiceName } from '@jalaj/contracts';
import { HealthService, RpcClient, type HealthDetails } from '@jalaj/server-kit';

type ServiceHealth = ({ status: 'up' | 'down' } & Partial<PingReply>) | { status: 'down'; error: string };

/**
 * The BFF's detailed health report, served at `/health` on its ops port (not the shop's):
 * its own checks and every service, asked through NATS — host names, process ids and
 * versions that are for operators only.
 */
@Injectable()
export class BffHealthDetails implements HealthDetails {
  constructor(
    private readonly rpc: RpcClient,
    private readonly health: HealthService,
  ) {}

  async details() {
    const [bff, ...services] = await Promise.all([
      this.health.run(),
      ...SERVICES.map(async (name): Promise<[ServiceName, ServiceHealth]> => {
        try {
          const reply = await this.rpc.request(`rpc.${name}.ping`, {}, { timeoutMs: 2000 });
          const up = Object.values(reply.checks).every((c) => c === 'up');
          return [name, { status: up ? 'up' : 'down', ...reply }];
        } catch (e) {
          return [name, { status: 'down', error: e instanceof Error ? e.message : String(e) }];
        }
      }),
    ]);
    const allUp = Object.values(bff).every((c) => c === 'up') && services.every(([, s]) => s.status === 'up');
    return { status: allUp ? 'up' : 'degraded', bff, services: Object.fromEntries(services) };
  }
}
