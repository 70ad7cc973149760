import { attentionDigestSubject, attentionText, decisionText, excessPaise, paymentAcceptable, refundAttention, refundStuckBefore, REFUND_STUCK_AFTER_HOURS } from './needs-attention.js';

describe('needs attention', () => {
  const now = new Date('2026-11-29T10:15:42.500Z');
  const stuckBefore = refundStuckBefore(now);

  it('counts a refund as stuck after 24 hours unfinished, to the whole minute', () => {
    expect(REFUND_STUCK_AFTER_HOURS).toBe(24);
    expect(stuckBefore.toISOString()).toBe('2026-11-28T10:15:00.000Z');
  });

  it('says why a refund waits: refused by PhonePe, or unfinished for a day; completed or settled ones wait for nobody', () => {
    const refund = { providerState: 'PENDING', refundedAt: null, settledAt: null, startedAt: '2026-11-29T10:00:00.000Z' };
    expect(refundAttention(refund, stuckBefore)).toBeNull();
    expect(refundAttention({ ...refund, startedAt: '2026-11-28T10:14:59.000Z' }, stuckBefore)).toBe('refund-stuck');
    expect(refundAttention({ ...refund, providerState: null, startedAt: '2026-11-27T00:00:00.000Z' }, stuckBefore)).toBe('refund-stuck');
    expect(refundAttention({ ...refund, providerState: 'failed' }, stuckBefore)).toBe('refund-refused');
    expect(refundAttention({ ...refund, providerState: 'FAILED', settledAt: now }, stuckBefore)).toBeNull();
    expect(refundAttention({ ...refund, providerState: 'COMPLETED', refundedAt: now, startedAt: '2026-11-01T00:00:00.000Z' }, stuckBefore)).toBeNull();
  });

  it('accepts a held payment only when PhonePe took at least the total; the excess goes back', () => {
    expect(paymentAcceptable(32400, 32300)).toBe(false);
    expect(paymentAcceptable(32400, 32400)).toBe(true);
    expect(paymentAcceptable(32400, 33400)).toBe(true);
    expect(excessPaise(32400, 33400)).toBe(1000);
    expect(excessPaise(32400, 32300)).toBe(0);
  });

  it('says in words what happened and what settles it', () => {
    expect(attentionText({ reason: 'amount-mismatch', totalPaise: 32400, reportedPaise: 32300 })).toBe(
      'PhonePe took ₹323.00 for this order of ₹324.00, ₹1.00 less. Less than the order is never accepted: refund the ₹323.00 in full; the shopper can order again.',
    );
    expect(attentionText({ reason: 'amount-mismatch', totalPaise: 32400, reportedPaise: 33400 })).toBe(
      'PhonePe took ₹334.00 for this order of ₹324.00, ₹10.00 more. Accept it and sell the order for ₹324.00 (the ₹10.00 more goes back to the shopper through PhonePe), or refund the ₹334.00 in full.',
    );
    expect(attentionText({ reason: 'refund-refused', amountPaise: 32400, merchantRefundId: 'MR1', since: '2026-11-28T04:30:00.000Z' })).toBe(
      'PhonePe refused the refund of ₹324.00 (MR1), asked on November 28, 2026 at 10:00 AM: the shopper has not got this money back. Try it again, or, if it was paid back another way, mark it settled with a note.',
    );
    expect(attentionText({ reason: 'refund-stuck', amountPaise: 32400, merchantRefundId: 'MR1', since: '2026-11-27T04:30:00.000Z' })).toContain('has not finished at PhonePe since November 27, 2026 at 10:00 AM, over 24 hours');
    expect(attentionText({ reason: 'claim-waiting', units: 3, since: '2026-11-28T04:30:00.000Z' })).toBe(
      'The shopper claimed the 30-day guarantee for 3 plants on November 28, 2026 at 10:00 AM. Look at the photos, then approve it (a replacement order at ₹0) or decline it with a reason, under Guarantee claims.',
    );
    expect(attentionText({ reason: 'claim-waiting', units: 1, since: '2026-11-28T04:30:00.000Z' })).toContain('for one plant on');
    expect(decisionText({ kind: 'refund-settled', amountPaise: 32400, merchantRefundId: 'MR1', note: 'Paid back by bank transfer' })).toBe(
      'Marked the refund of ₹324.00 (MR1) settled outside the shop: Paid back by bank transfer',
    );
    expect(decisionText({ kind: 'payment-accepted', amountPaise: 33400, merchantRefundId: null, note: null })).toBe('Accepted the ₹334.00 PhonePe took and sold the order');
    expect(attentionDigestSubject(1)).toBe('1 order needs a decision at Jalaj');
    expect(attentionDigestSubject(3)).toBe('3 orders need a decision at Jalaj');
  });
});
