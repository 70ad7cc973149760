import { Collection } from '@mikro-orm/core';
import { ORDER_STATES, type OrderState } from '@jalaj/contracts';
import { canTransition, ForbiddenTransition } from '../checkout-state.js';
import { Order } from './order.entity.js';
import { discoverOrderEntities } from './entity-metadata.spec-support.js';
import type { OrderRefundRow } from './order-refund.entity.js';

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

/** A refund recorded after the guarded claim (docs/adr/074-partial-refunds.md). */
describe('Order.recordRefund', () => {
  beforeAll(discoverOrderEntities);

  const paidOrder = () => {
    const order = Object.assign(new Order(), { id: 'ord_1', merchantOrderId: 'MO1763800000000a1b2c3d4_7f3k', state: 'paid' as OrderState, totalPaise: 32400 });
    order.refunds = new Collection<OrderRefundRow>(order, []);
    return order;
  };
  const at = new Date('2026-11-29T10:00:00Z');

  it('leaves a part partly refunded, each refund with its own id, and the rest refund pending; due at once', () => {
    const order = paidOrder();
    const first = order.recordRefund(10000, { amountPaise: 10000, reason: 'One plant arrived damaged', by: 'usr_admin', at });
    expect(order).toMatchObject({ state: 'partly_refunded', refundedPaise: 10000, nextCheckAt: at });
    expect(first).toMatchObject({ merchantRefundId: 'MR1763800000000a1b2c3d4_7f3k', amountPaise: 10000, refundBy: 'usr_admin', order });
    expect(order.refundsInFlight()).toEqual([first]);
    const second = order.recordRefund(15000, { amountPaise: 5000, reason: 'Another', by: 'usr_admin', at });
    expect(second.merchantRefundId).toBe('MR1763800000000a1b2c3d4_7f3k_2');
    expect(order.state).toBe('partly_refunded');
    order.recordRefund(32400, { amountPaise: 17400, reason: 'The rest', by: 'usr_admin', at });
    expect(order).toMatchObject({ state: 'refund_pending', refundedPaise: 32400 });
    expect(order.refunds.getItems().map((r) => r.amountPaise)).toEqual([10000, 5000, 17400]);
  });

  it('keeps a completed or refused refund out of the ones in flight', () => {
    const order = paidOrder();
    const done = order.recordRefund(10000, { amountPaise: 10000, reason: 'a', by: null, at });
    const refused = order.recordRefund(20000, { amountPaise: 10000, reason: 'b', by: null, at });
    const open = order.recordRefund(30000, { amountPaise: 10000, reason: 'c', by: null, at });
    done.refundedAt = at;
    refused.providerState = 'FAILED';
    expect(order.refundsInFlight()).toEqual([open]);
  });

  it('refuses a refund of an order that is no sale', () => {
    const order = Object.assign(paidOrder(), { state: 'refunded' as OrderState });
    expect(() => order.recordRefund(100, { amountPaise: 100, reason: 'x', by: null, at })).toThrow(ForbiddenTransition);
  });
});


/** The decisions on what waits for an admin (docs/adr/081-needs-attention.md). */
describe('Order: refunds that wait for an admin', () => {
  beforeAll(discoverOrderEntities);

  const at = new Date('2026-11-29T10:00:00Z');
  const refundPending = () => {
    const order = Object.assign(new Order(), { id: 'ord_1', merchantOrderId: 'MO1763800000000a1b2c3d4_7f3k', state: 'paid' as OrderState, totalPaise: 32400 });
    order.refunds = new Collection<OrderRefundRow>(order, []);
    const refund = order.recordRefund(32400, { amountPaise: 32400, reason: 'Damaged', by: 'usr_admin', at });
    return { order, refund };
  };

  it('asks PhonePe again for a refused refund under a new id, and only for a refused one', () => {
    const { order, refund } = refundPending();
    const later = new Date('2026-11-30T10:00:00Z');
    expect(order.retryRefund(refund, later)).toBe(false);
    refund.providerState = 'FAILED';
    refund.requestedAt = at;
    expect(order.refundsInFlight()).toEqual([]);
    expect(order.retryRefund(refund, later)).toBe(true);
    expect(refund).toMatchObject({ merchantRefundId: 'MR1763800000000a1b2c3d4_7f3k_r2', attempts: 2, providerState: null, requestedAt: null, startedAt: later });
    expect(order).toMatchObject({ state: 'refund_pending', refundedPaise: 32400, nextCheckAt: later });
    expect(order.refundsInFlight()).toEqual([refund]);
  });

  it('settles a refund outside the shop once: it reads done, and an order refunded in all is refunded', () => {
    const { order, refund } = refundPending();
    refund.providerState = 'FAILED';
    expect(order.settleRefund(refund, { by: 'usr_admin', at, note: 'Paid back by bank transfer' })).toBe(true);
    expect(refund.doneAt()).toEqual(at);
    expect(order.state).toBe('refunded');
    expect(order.settleRefund(refund, { by: 'usr_other', at, note: 'Again' })).toBe(false);
    expect(refund.settledBy).toBe('usr_admin');
  });

  it('keeps the excess of an accepted payment out of what the order counts as refunded', () => {
    const order = Object.assign(new Order(), { id: 'ord_1', merchantOrderId: 'MO1763800000000a1b2c3d4_7f3k', state: 'paid' as OrderState, totalPaise: 32400 });
    order.refunds = new Collection<OrderRefundRow>(order, []);
    const excess = order.recordExcessRefund({ amountPaise: 1000, reason: 'More than the total', by: 'usr_admin', at });
    expect(order).toMatchObject({ state: 'paid', refundedPaise: 0 });
    expect(excess.excess).toBe(true);
    expect(order.countedRefunds()).toEqual([]);
    expect(order.refundsInFlight()).toEqual([excess]);
  });
});
