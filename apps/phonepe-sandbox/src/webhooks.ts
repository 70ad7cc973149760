import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { SandboxDelivery } from '@jalaj/contracts';
import { exchange, NoAnswer } from '@jalaj/server-kit';
import { backoffDelays } from './sandbox.js';

/** How one webhook goes out: normally, later, several times, or not at all. */
export interface Dispatch {
  mode: 'send' | 'drop';
  /** Wait before the first attempt. */
  delayMs: number;
  /** How many copies are sent (duplicates), each with its own retries. */
  copies: number;
}

export const NORMAL_DISPATCH: Dispatch = { mode: 'send', delayMs: 0, copies: 1 };

/** One attempt to deliver a webhook, as the control API lists it. */
export type DeliveryRecord = SandboxDelivery;

export interface WebhookBody {
  event: string;
  type: string;
  payload: Record<string, unknown> & { merchantOrderId?: string; merchantRefundId?: string };
}

/** PhonePe's webhook authorization: lowercase hex SHA-256 of `username:password`, no prefix. */
export const webhookAuthorization = (username: string, password: string): string => createHash('sha256').update(`${username}:${password}`).digest('hex');

const ANSWER_WITHIN_MS = 5000;

const MAX_RECORDS = 2000;

/**
 * Sends webhooks in the background, never in the request that caused them (the hosted
 * page redirects at once): each copy is retried with doubling waits until the receiver
 * answers 2xx or the retries run out. Every attempt is recorded for the control API.
 */
export class WebhookSender {
  readonly records: DeliveryRecord[] = [];
  private nextId = 1;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly options: { url: string | undefined; authorization: string; retries: number; backoffMs: number; log: Logger; now?: () => number },
  ) {}

  dispatch(body: WebhookBody, how: Dispatch = NORMAL_DISPATCH): void {
    const base = { event: body.event, merchantOrderId: body.payload.merchantOrderId ?? null, merchantRefundId: body.payload.merchantRefundId ?? null };
    if (how.mode === 'drop' || !this.options.url) {
      this.record({ ...base, copy: 1, attempt: 0, outcome: how.mode === 'drop' ? 'dropped' : 'no-url', status: null, error: null });
      return;
    }
    for (let copy = 1; copy <= how.copies; copy++) this.later(how.delayMs, () => this.attempt(body, base, copy, 1));
  }

  /** Resolves when nothing is scheduled or in flight (specs). */
  get pending(): number {
    return this.timers.size;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(ms: number, run: () => Promise<void>) {
    if (this.closed) return;
    const t = setTimeout(() => {
      void run().finally(() => this.timers.delete(t));
    }, ms);
    this.timers.add(t);
  }

  private async attempt(body: WebhookBody, base: Pick<DeliveryRecord, 'event' | 'merchantOrderId' | 'merchantRefundId'>, copy: number, attempt: number): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    try {
      // The time covers the whole exchange, the answer's body included, which is read to its end and dropped.
      const answer = await exchange(this.options.url!, { method: 'POST', headers: { 'content-type': 'application/json', authorization: this.options.authorization }, body: JSON.stringify(body) }, ANSWER_WITHIN_MS);
      status = answer.status;
    } catch (e) {
      error = e instanceof NoAnswer ? e.message : String(e);
    }
    const ok = status !== null && status >= 200 && status < 300;
    this.record({ ...base, copy, attempt, outcome: ok ? 'sent' : 'failed', status, error });
    if (ok) return;
    const waits = backoffDelays(this.options.retries, this.options.backoffMs);
    if (attempt > waits.length) {
      this.options.log.warn({ ...base, status, error }, 'webhook not delivered; giving up');
      return;
    }
    this.later(waits[attempt - 1], () => this.attempt(body, base, copy, attempt + 1));
  }

  private record(r: Omit<DeliveryRecord, 'id' | 'at'>) {
    this.records.push({ id: this.nextId++, at: (this.options.now ?? Date.now)(), ...r });
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
  }
}
