import { ORDER_STATES, type OrderState } from '@jalaj/contracts';
import { afterSelling, canTransition, decidePayment, decideRefund, INITIAL_STATES, outcomeOf, phonePeVerdict, refundedState, TRANSITIONS } from './checkout-state.js';

const status = (state: string, amountPaise = 78500) => ({ state, amountPaise });

describe('checkout state machine', () => {
  it('allows exactly the saga transitions', () => {
    const allowed = ORDER_STATES.flatMap((from) => ORDER_STATES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending→paid',
        'pending→failed',
        'pending→held',
        'pending→refund_pending',
        'failed→paid',
        'failed→held',
        'failed→refund_pending',
        // An admin's refund of a paid order: part of it (again and again), or all of it, or the rest.
        'paid→partly_refunded',
        'paid→refund_pending',
        'partly_refunded→partly_refunded',
        'partly_refunded→refund_pending',
        'refund_pending→refunded',
        // An admin's decision on a held order (ADR 081): accepted and sold (or refunded, the stock gone), or refunded in full.
        'held→paid',
        'held→refund_pending',
      ].sort(),
    );
  });

  it('has final states that go nowhere', () => {
    for (const s of ['refunded', 'replacement'] as OrderState[]) expect(TRANSITIONS[s]).toEqual([]);
  });

  it('creates orders only pending or as a replacement, which no payment decision reaches or leaves', () => {
    expect(INITIAL_STATES).toEqual(['pending', 'replacement']);
    for (const s of ORDER_STATES) expect(canTransition(s, 'replacement')).toBe(false);
    for (const state of ['COMPLETED', 'FAILED', 'PENDING']) expect(decidePayment('replacement', status(state, 0), 0)).toEqual({ kind: 'none' });
  });

  it.each([
    ['COMPLETED', 'completed'],
    ['completed', 'completed'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'failed'],
    ['CANCELLED', 'failed'],
    ['PENDING', 'pending'],
    ['SOMETHING_NEW', 'pending'],
  ])('reads PhonePe state %s as %s', (state, verdict) => {
    expect(phonePeVerdict(state)).toBe(verdict);
  });
});

describe('what PhonePe status X with amount Y means for an order in state Z', () => {
  it.each<[OrderState, string, number, ReturnType<typeof decidePayment>]>([
    // A pending order.
    ['pending', 'COMPLETED', 78500, { kind: 'sell', reservationHeld: true }],
    ['pending', 'COMPLETED', 78400, { kind: 'hold', receivedPaise: 78400 }],
    ['pending', 'COMPLETED', 100000, { kind: 'hold', receivedPaise: 100000 }],
    ['pending', 'FAILED', 78500, { kind: 'fail' }],
    ['pending', 'EXPIRED', 78500, { kind: 'fail' }],
    ['pending', 'PENDING', 78500, { kind: 'wait' }],
    ['pending', 'UNHEARD_OF', 78500, { kind: 'wait' }],
    // A failed order that PhonePe completed after all: a late payment.
    ['failed', 'COMPLETED', 78500, { kind: 'sell', reservationHeld: false }],
    ['failed', 'COMPLETED', 5000, { kind: 'hold', receivedPaise: 5000 }],
    ['failed', 'FAILED', 78500, { kind: 'none' }],
    ['failed', 'PENDING', 78500, { kind: 'none' }],
    // Settled orders: duplicates and reordered callbacks change nothing.
    ['paid', 'COMPLETED', 78500, { kind: 'none' }],
    ['paid', 'FAILED', 78500, { kind: 'none' }],
    ['held', 'COMPLETED', 78500, { kind: 'none' }],
    ['refund_pending', 'COMPLETED', 78500, { kind: 'none' }],
    ['refunded', 'COMPLETED', 78500, { kind: 'none' }],
  ])('%s + %s of %i paise → %j', (state, phonePeState, amount, decision) => {
    expect(decidePayment(state, status(phonePeState, amount), 78500)).toEqual(decision);
  });

  it('never pays for another amount, whatever the state', () => {
    for (const state of ORDER_STATES) expect(decidePayment(state, status('COMPLETED', 78499), 78500).kind).not.toBe('sell');
  });

  it('only ever decides transitions the table allows', () => {
    const target = { sell: ['paid', 'refund_pending'], hold: ['held'], fail: ['failed'] } as const;
    for (const state of ORDER_STATES) {
      for (const s of ['COMPLETED', 'FAILED', 'PENDING', 'EXPIRED']) {
        for (const amount of [78500, 1]) {
          const d = decidePayment(state, status(s, amount), 78500);
          if (d.kind in target) for (const to of target[d.kind as keyof typeof target]) expect(canTransition(state, to)).toBe(true);
        }
      }
    }
  });
});

describe('after selling', () => {
  it('is paid when the reservation was committed', () => {
    expect(afterSelling('committed')).toBe('paid');
  });
  it('is paid when the reservation had expired but the stock could be reserved again', () => {
    expect(afterSelling('released', true)).toBe('paid');
  });
  it('is refunded when the reservation had expired and the stock is gone', () => {
    expect(afterSelling('released', false)).toBe('refund_pending');
    expect(afterSelling('released')).toBe('refund_pending');
  });
});

describe('refunds', () => {
  it.each([
    ['COMPLETED', 'refunded'],
    ['CONFIRMED', 'refunded'],
    ['PENDING', 'wait'],
    ['FAILED', 'failed'],
    ['ACCEPTED', 'wait'],
  ])('PhonePe refund state %s → %s', (state, verdict) => {
    expect(decideRefund(state)).toBe(verdict);
  });
});

describe('the state a refund leaves', () => {
  it('is partly refunded while some of the payment stays, refund pending when all of it goes back', () => {
    expect(refundedState(10000, 32400)).toBe('partly_refunded');
    expect(refundedState(32399, 32400)).toBe('partly_refunded');
    expect(refundedState(32400, 32400)).toBe('refund_pending');
  });
});

describe("the shopper's page", () => {
  it.each<[OrderState, string]>([
    ['paid', 'paid'],
    ['pending', 'pending'],
    ['failed', 'failed'],
    ['held', 'failed'],
    ['refund_pending', 'failed'],
    ['partly_refunded', 'paid'],
    ['refunded', 'failed'],
    ['replacement', 'paid'],
  ])('%s → %s', (state, outcome) => {
    expect(outcomeOf(state)).toBe(outcome);
  });
});
