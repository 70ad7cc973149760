import { MikroORM } from '@mikro-orm/postgresql';
import { FulfilmentEventRow } from '../../orders/entities/fulfilment-event.entity.js';
import { OrderLineRow } from './order-line.entity.js';
import { OrderRefundRow } from './order-refund.entity.js';
import { Order } from './order.entity.js';

/**
 * Gives the order aggregate's entities their metadata without a database, for unit specs
 * that change its collections (`Collection.add` checks the relation's metadata). Discovery
 * only: nothing connects.
 */
export function discoverOrderEntities(): void {
  new MikroORM({ entities: [Order, OrderLineRow, OrderRefundRow, FulfilmentEventRow], dbName: 'order_unit_specs' });
}
