import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, eventsHandled, getLogger } from '@jalaj/server-kit';
import { CartService } from './items.service.js';

/** Durable consumer name; shared by every cart replica. */
export const ORDER_PAID_CONSUMER = 'cart-order-paid';

/**
 * Keeps carts in step with orders: what a shopper paid for leaves their cart, what they
 * added after checkout began stays (issue #10, item 5).
 */
@Injectable()
export class ItemsEvents implements OnApplicationBootstrap {
  private readonly log = getLogger('ItemsEvents');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly carts: CartService,
  ) {}

  async onApplicationBootstrap() {
    await this.consumers.subscribe('evt.order.order.paid.v1', ORDER_PAID_CONSUMER, async (event, em) => {
      // The inbox row is inserted in this transaction first: a redelivered event finds it and changes nothing.
      const { lowered, removed } = await this.carts.removeBought(em, event.data.userId, event.data.lines);
      eventsHandled.inc({ consumer: ORDER_PAID_CONSUMER, outcome: 'handled' });
      this.log.info({ orderId: event.data.orderId, userId: event.data.userId, lowered, removed }, 'bought quantities removed from the cart');
    });
  }
}
