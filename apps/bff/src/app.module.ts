import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServiceKitModule } from '@jalaj/server-kit';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { AuthStateService } from './auth/auth-state.service.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthGuard } from './auth/auth.guard.js';
import { CartController } from './cart/cart.controller.js';
import { DevMailboxController } from './dev/mailbox.controller.js';
import { ProblemFilter } from './errors/problem.filter.js';
import { HealthController } from './health/health.controller.js';
import { MeController } from './me/me.controller.js';
import { AdminProductsController } from './catalog/admin-products.controller.js';
import { CatalogCache } from './catalog/catalog-cache.service.js';
import { MediaController } from './catalog/media.controller.js';
import { ProductsController } from './catalog/products.controller.js';
import { RedisService } from './redis/redis.service.js';
import { WebAppsService } from './web/web-apps.service.js';

const devOnly = process.env.NODE_ENV === 'production' ? [] : [DevMailboxController];

@Module({
  imports: [ServiceKitModule.forService({ name: 'bff', serveRpc: false })],
  controllers: [HealthController, ProductsController, AdminProductsController, MediaController, AuthController, MeController, CartController, AdminUsersController, ...devOnly],
  providers: [RedisService, WebAppsService, AuthStateService, AuthGuard, CatalogCache, { provide: APP_FILTER, useClass: ProblemFilter }],
})
export class AppModule {}
