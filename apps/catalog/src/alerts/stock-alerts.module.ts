import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { StockAlert } from './entities/stock-alert.entity.js';
import { StockAlertsRepository } from './stock-alerts.repository.js';
import { StockAlertsRpc } from './stock-alerts.rpc.js';
import { StockAlertsService } from './stock-alerts.service.js';

/** Back-in-stock alerts: `rpc.catalog.stock-alerts.*`, and the use of them by every stock change that raises stock. */
@Module({ imports: [DatabaseModule.forFeature([StockAlert])], controllers: [StockAlertsRpc], providers: [StockAlertsRepository, StockAlertsService], exports: [StockAlertsService] })
export class StockAlertsModule {}
