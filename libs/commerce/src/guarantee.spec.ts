import { canClaimGuarantee, claimableQuantities, claimRefusal, guaranteeLastDay, guaranteeOpen, guaranteeStart, isShippable, type GuaranteeOrder } from './guarantee.js';
import { nextFulfilmentSteps, orderProgress } from './fulfilment.js';
import { salesFigures } from './order-money.js';

const ist = (local: string) => new Date(`${local}+05:30`);

const order = (over: Partial<GuaranteeOrder> = {}): GuaranteeOrder => ({
  state: 'paid',
  fulfilmentStatus: 'delivered',
  fulfilment: [
    { status: 'shipped', at: ist('2026-10-28T10:00:00').toISOString() },
    // 00:30 in India is still the day before in UTC: the India day counts.
    { status: 'delivered', at: ist('2026-11-01T00:30:00').toISOString() },
  ],
  lines: [
    { productId: 'prd_a', productName: 'Anubias nana', quantity: 3 },
    { productId: 'prd_b', productName: 'Java fern', quantity: 1 },
  ],
  claims: [],
  ...over,
});

describe('the 30-day guarantee window (India days)', () => {
  it('starts at the delivery and lasts through the 30th India day after it', () => {
    expect(guaranteeStart(order())).toEqual(ist('2026-11-01T00:30:00'));
    expect(guaranteeLastDay(ist('2026-11-01T00:30:00'))).toBe('2026-12-01');
    expect(guaranteeOpen(order(), ist('2026-11-01T00:31:00'))).toBe(true);
    expect(guaranteeOpen(order(), ist('2026-12-01T23:59:59'))).toBe(true);
    expect(guaranteeOpen(order(), ist('2026-12-02T00:00:00'))).toBe(false);
  });

  it('starts at the shipping when the seller never marked the order delivered', () => {
    const shipped = order({ fulfilmentStatus: 'shipped', fulfilment: [{ status: 'shipped', at: ist('2026-10-28T10:00:00') }] });
    expect(guaranteeStart(shipped)).toEqual(ist('2026-10-28T10:00:00'));
    expect(guaranteeOpen(shipped, ist('2026-11-27T23:59:59'))).toBe(true);
    expect(guaranteeOpen(shipped, ist('2026-11-28T00:00:00'))).toBe(false);
  });

  it('is closed before the order ships, once it is cancelled, and for an order nobody is sent', () => {
    expect(guaranteeStart(order({ fulfilmentStatus: 'packed', fulfilment: [{ status: 'packed', at: ist('2026-11-01T10:00:00') }] }))).toBeNull();
    expect(guaranteeStart(order({ fulfilmentStatus: 'cancelled', fulfilment: [{ status: 'shipped', at: ist('2026-11-01T10:00:00') }, { status: 'cancelled', at: ist('2026-11-02T10:00:00') }] }))).toBeNull();
    expect(guaranteeStart(order({ state: 'refunded' }))).toBeNull();
    expect(guaranteeStart(order({ state: 'pending' }))).toBeNull();
    expect(guaranteeStart(order({ state: 'partly_refunded' }))).not.toBeNull();
    expect(guaranteeStart(order({ state: 'replacement' }))).not.toBeNull();
  });

  it('says when a closed window ended', () => {
    expect(claimRefusal(order(), [{ productId: 'prd_a', quantity: 1 }], ist('2026-12-02T00:00:00'))).toEqual({ code: 'CLAIM_WINDOW_CLOSED', data: { lastDay: '2026-12-01' } });
    expect(claimRefusal(order({ fulfilmentStatus: null, fulfilment: [] }), [{ productId: 'prd_a', quantity: 1 }], ist('2026-11-02T00:00:00'))).toEqual({ code: 'CLAIM_WINDOW_CLOSED', data: { lastDay: null } });
  });
});

describe('what may be claimed', () => {
  const now = ist('2026-11-10T12:00:00');

  it('is at most what was bought, less what waiting and approved claims cover; a declined one covers nothing', () => {
    const claims = [
      { state: 'approved' as const, lines: [{ productId: 'prd_a', quantity: 1 }] },
      { state: 'declined' as const, lines: [{ productId: 'prd_a', quantity: 2 }, { productId: 'prd_b', quantity: 1 }] },
    ];
    expect([...claimableQuantities(order({ claims }))]).toEqual([
      ['prd_a', 2],
      ['prd_b', 1],
    ]);
    expect(claimRefusal(order({ claims }), [{ productId: 'prd_a', quantity: 2 }], now)).toBeNull();
    expect(claimRefusal(order({ claims }), [{ productId: 'prd_a', quantity: 3 }], now)).toEqual({ code: 'CLAIM_QUANTITY_INVALID', data: { productId: 'prd_a', productName: 'Anubias nana', max: 2 } });
    expect(claimRefusal(order(), [{ productId: 'prd_a', quantity: 0 }], now)?.code).toBe('CLAIM_QUANTITY_INVALID');
  });

  it('refuses a plant a claim is waiting on, one not in the order, and one named twice', () => {
    const waiting = order({ claims: [{ state: 'pending', lines: [{ productId: 'prd_b', quantity: 1 }] }] });
    expect(claimRefusal(waiting, [{ productId: 'prd_b', quantity: 1 }], now)).toEqual({ code: 'CLAIM_LINE_UNDER_REVIEW', data: { productId: 'prd_b', productName: 'Java fern' } });
    expect(claimRefusal(waiting, [{ productId: 'prd_a', quantity: 3 }], now)).toBeNull();
    expect(claimRefusal(order(), [{ productId: 'prd_x', quantity: 1 }], now)).toEqual({ code: 'CLAIM_QUANTITY_INVALID', data: { productId: 'prd_x', productName: null, max: 0 } });
    expect(claimRefusal(order(), [{ productId: 'prd_a', quantity: 1 }, { productId: 'prd_a', quantity: 1 }], now)?.code).toBe('CLAIM_QUANTITY_INVALID');
  });

  it('offers Claim Guarantee only while the window is open and something is left to claim', () => {
    expect(canClaimGuarantee(order(), now)).toBe(true);
    const allCovered = order({ claims: [{ state: 'approved', lines: [{ productId: 'prd_a', quantity: 3 }] }, { state: 'pending', lines: [{ productId: 'prd_b', quantity: 1 }] }] });
    expect(canClaimGuarantee(allCovered, now)).toBe(false);
    expect(canClaimGuarantee(order(), ist('2026-12-02T00:00:00'))).toBe(false);
  });
});

describe('a replacement order', () => {
  it('is shipped with every fulfilment step, shows its own badge, and is no sale', () => {
    expect(isShippable('replacement')).toBe(true);
    expect(nextFulfilmentSteps('replacement', null)).toEqual(['processing', 'packed', 'shipped', 'delivered', 'cancelled']);
    expect(orderProgress('replacement', null)?.label).toBe('Replacement — being prepared');
    expect(salesFigures([{ state: 'replacement', totalPaise: 0, refundedPaise: 0 }])).toEqual({ orders: 0, revenuePaise: 0 });
  });
});
