import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HEALTH_DETAILS, ServiceKitModule } from '@jalaj/server-kit';
import { AdminFiguresController } from './admin/admin-figures.controller.js';
import { AdminSalesController } from './admin/admin-sales.controller.js';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { AuthStateService } from './auth/auth-state.service.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthGuard } from './auth/auth.guard.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { VerifiedTokens } from './auth/verified-tokens.js';
import { RATE_LIMIT_PROVIDERS } from './auth/rate-limit.js';
import { CartController } from './cart/cart.controller.js';
import { CheckoutController } from './checkout/checkout.controller.js';
import { PaymentStatusReads } from './checkout/payment-status.service.js';
import { PaymentsController } from './checkout/payments.controller.js';
import { DevMailboxController, devMailboxEnabled } from './dev/mailbox.controller.js';
import { ProblemFilter } from './errors/problem.filter.js';
import { BffHealthDetails } from './health/health-details.service.js';
import { MeController } from './me/me.controller.js';
import { StockAlertsController } from './catalog/stock-alerts.controller.js';
import { AdminOrdersController } from './orders/admin-orders.controller.js';
import { AdminOrderReads } from './orders/admin-order-reads.service.js';
import { OrdersController } from './orders/orders.controller.js';
import { ClaimsController } from './orders/claims.controller.js';
import { AdminProductsController } from './catalog/admin-products.controller.js';
import { CatalogCache } from './catalog/catalog-cache.service.js';
import { MediaController } from './catalog/media.controller.js';
import { ProductReads } from './catalog/product-reads.service.js';
import { ShopperReads } from './reads/shopper-reads.service.js';
import { RedisService } from './redis/redis.service.js';
import { StorefrontHeads } from './web/storefront-heads.service.js';
import { StorefrontPages } from './web/storefront-pages.service.js';
import { WebAppsService } from './web/web-apps.service.js';

const devOnly = devMailboxEnabled() ? [DevMailboxController] : [];

@Module({
  imports: [ServiceKitModule.forService({ name: 'bff', serveRpc: false })],
  controllers: [AdminProductsController, MediaController, AuthController, MeController, StockAlertsController, CartController, CheckoutController, PaymentsController, OrdersController, ClaimsController, AdminOrdersController, AdminUsersController, AdminFiguresController, AdminSalesController, ...devOnly],
  providers: [
    RedisService,
    WebAppsService,
    AuthStateService,
    AuthGuard,
    JwtStrategy,
    VerifiedTokens,
    ...RATE_LIMIT_PROVIDERS,
    CatalogCache,
    ShopperReads,
    AdminOrderReads,
    PaymentStatusReads,
    ProductReads,
    StorefrontPages,
    StorefrontHeads,
    { provide: APP_FILTER, useClass: ProblemFilter },
    // The detailed report on the ops port: the BFF's checks and every service's.
    { provide: HEALTH_DETAILS, useClass: BffHealthDetails },
  ],
})
export class AppModule {}
