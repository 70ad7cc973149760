import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { ServiceName } from '@jalaj/contracts';
import { HealthService } from './health.js';

/**
 * The `rpc.<service>.ping` handler every service has: replica id, uptime and the state of
 * its dependencies, so the BFF's `/api/health` sees each service through NATS itself.
 */
export function pingController(service: ServiceName): Type<unknown> {
  @Controller()
  class PingRpc {
    constructor(readonly health: HealthService) {}

    @MessagePattern(`rpc.${service}.ping`)
    ping() {
      return this.health.ping(service);
    }
  }
  return PingRpc;
}
