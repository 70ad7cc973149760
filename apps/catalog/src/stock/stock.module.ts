import { Module } from '@nestjs/common';
import { DatabaseModule } from '@jalaj/server-kit';
import { StockHistoryModule } from '../history/stock-history.module.js';
import { StockReservation, StockReservationLine } from './entities/stock-reservation.entity.js';
import { StockRepository } from './stock.repository.js';
import { StockRpc } from './stock.rpc.js';
import { StockService } from './stock.service.js';

/** Stock reservations for checkout: `rpc.catalog.stock.*`, and the release of expired ones. */
@Module({ imports: [DatabaseModule.forFeature([StockReservation, StockReservationLine]), StockHistoryModule], controllers: [StockRpc], providers: [StockRepository, StockService] })
export class StockModule {}
