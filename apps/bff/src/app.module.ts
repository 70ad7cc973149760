import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServiceKitModule } from '@jalaj/server-kit';
import { ProblemFilter } from './errors/problem.filter.js';
import { HealthController } from './health/health.controller.js';
import { ProductsController } from './products/products.controller.js';
import { RedisService } from './redis/redis.service.js';
import { WebAppsService } from './web/web-apps.service.js';

@Module({
  imports: [ServiceKitModule.forService({ name: 'bff', serveRpc: false })],
  controllers: [HealthController, ProductsController],
  providers: [RedisService, WebAppsService, { provide: APP_FILTER, useClass: ProblemFilter }],
})
export class AppModule {}
