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
    // Lowers quantities, so each event takes effect once: the statement that locks the lines
    // claims the event in the inbox (ADR 088).
    await this.consumers.subscribe(
      'evt.order.order.paid.v1',
      ORDER_PAID_CONSUMER,
      async (event, em) => {
        const done = await this.carts.removeBought(em, event.data.userId, event.data.lines, event.data.cartLineIds);
        eventsHandled.inc({ consumer: ORDER_PAID_CONSUMER, outcome: 'handled' });
        this.log.info({ orderId: event.data.orderId, userId: event.data.userId, ...done }, 'bought quantities removed from the cart');
      },
      undefined,
      {
        claimedBy: 'statement',
        // Handled before: the replica that did it died before its acknowledgement, perhaps
        // before its change hint too, and a BFF would show the old cart until it forgets it.
        onRepeat: (event) => this.carts.announceChanged(event.data.userId),
      },
    );
  }
}
