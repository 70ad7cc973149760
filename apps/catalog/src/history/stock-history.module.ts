import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { StockAlertsModule } from '../alerts/stock-alerts.module.js';
import { StockChange } from './entities/stock-change.entity.js';
import { StockChangesRepository } from './stock-changes.repository.js';
import { StockHistoryRpc } from './stock-history.rpc.js';
import { StockHistoryService } from './stock-history.service.js';
import { StockLedger } from './stock-ledger.service.js';

/**
 * Stock history (issue #42): the ledger every stock change goes through, the admin's
 * `rpc.catalog.stock.history` and `rpc.catalog.stock.adjust`.
 */
@Module({
  imports: [DatabaseModule.forFeature([StockChange]), StockAlertsModule],
  controllers: [StockHistoryRpc],
  providers: [StockChangesRepository, StockLedger, StockHistoryService],
  exports: [StockLedger],
})
export class StockHistoryModule {}
