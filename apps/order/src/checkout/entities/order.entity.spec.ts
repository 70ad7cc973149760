import { ORDER_STATES, type OrderState } from '@jalaj/contracts';
import { canTransition, ForbiddenTransition } from '../checkout-state.js';
import { Order } from './order.entity.js';

const orderIn = (state: OrderState) => Object.assign(new Order(), { id: 'ord_1', state });

/** The aggregate changes its state only by the one transition table. */
describe('Order.moveTo', () => {
  it('moves a paid order to refund_pending (an admin’s refund) and on to refunded', () => {
    const order = orderIn('paid');
    order.moveTo('refund_pending');
    order.moveTo('refunded');
    expect(order.state).toBe('refunded');
  });

  it('refuses every move the table does not allow, leaving the state as it was', () => {
    for (const from of ORDER_STATES) {
      for (const to of ORDER_STATES.filter((t) => !canTransition(from, t))) {
        const order = orderIn(from);
        expect(() => order.moveTo(to)).toThrow(ForbiddenTransition);
        expect(order.state).toBe(from);
      }
    }
  });

  it('says which move was refused', () => {
    expect(() => orderIn('refunded').moveTo('paid')).toThrow('an order cannot move from refunded to paid');
  });
});
