import { jest } from '@jest/globals';
import { fail, ok, type PaymentStatus, type Result } from '@jalaj/contracts';
import type { RpcClient } from '@jalaj/server-kit';
import { PAYMENT_STATUS_KEPT_MS, PaymentStatusReads } from './payment-status.service.js';

const owner = { id: 'usr_owner', role: 'user' as const };
const stranger = { id: 'usr_other', role: 'user' as const };
const paid: PaymentStatus = {
  orderId: 'ord_1',
  merchantOrderId: 'MO1_x',
  outcome: 'paid',
  state: 'paid',
  amountPaise: 78500,
  transactionId: 'OM1',
  errorCode: null,
  errorMessage: null,
  expiresAt: '2026-11-22T10:30:00.000Z',
  userId: owner.id,
};

/** The order service as the BFF sees it: its answer is set by the test, and its requests counted. */
function setup() {
  const service = { asked: [] as string[], answer: ok(paid) as Result<PaymentStatus> | Error };
  const rpc = {
    request: async (_subject: string, { merchantOrderId }: { merchantOrderId: string }) => {
      service.asked.push(merchantOrderId);
      await Promise.resolve();
      if (service.answer instanceof Error) throw service.answer;
      return service.answer;
    },
  } as unknown as RpcClient;
  return { service, reads: new PaymentStatusReads(rpc) };
}

describe('the payment status the BFF shares per order', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-29T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('answers the return redirect and the owner’s pages from one request per order for a few seconds', async () => {
    const { service, reads } = setup();
    const [a, b] = await Promise.all([reads.status('MO1_x'), reads.forOwner(owner, 'MO1_x')]);
    expect(a).toEqual(ok(paid));
    expect(b.ok && b.data).toMatchObject({ merchantOrderId: 'MO1_x', amountPaise: 78500, orderId: 'ord_1' });
    await reads.forOwner(owner, 'MO1_x');
    expect(service.asked).toEqual(['MO1_x']);
    // Another order is another answer.
    await reads.status('MO2_y');
    expect(service.asked).toEqual(['MO1_x', 'MO2_y']);
    // After a few seconds the order service is asked again.
    jest.advanceTimersByTime(PAYMENT_STATUS_KEPT_MS + 1);
    await reads.forOwner(owner, 'MO1_x');
    expect(service.asked).toEqual(['MO1_x', 'MO2_y', 'MO1_x']);
  });

  it('shows a payment to its owner only: someone else’s order reads like one that does not exist, and the owner’s id never leaves', async () => {
    const { reads } = setup();
    expect(await reads.forOwner(stranger, 'MO1_x')).toEqual(fail('NOT_FOUND'));
    const mine = await reads.forOwner(owner, 'MO1_x');
    expect(mine.ok && Object.keys(mine.data)).not.toContain('userId');
  });

  it('keeps "no such order" like an answer, but not a failure to get one', async () => {
    const { service, reads } = setup();
    service.answer = fail('NOT_FOUND');
    expect(await reads.forOwner(owner, 'MO9_z')).toEqual(fail('NOT_FOUND'));
    await reads.status('MO9_z');
    expect(service.asked).toHaveLength(1);

    service.answer = fail('OUTCOME_UNKNOWN');
    await reads.status('MO8_q');
    service.answer = new Error('NATS timeout');
    await expect(reads.status('MO8_q')).rejects.toThrow('NATS timeout');
    service.answer = ok(paid);
    expect(await reads.status('MO8_q')).toEqual(ok(paid));
    expect(service.asked).toEqual(['MO9_z', 'MO8_q', 'MO8_q', 'MO8_q']);
  });
});
