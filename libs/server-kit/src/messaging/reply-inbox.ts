import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Payload } from '@nats-io/transport-node';

/** No reply within the request's time limit (the service may still have done the work). */
export class ReplyTimeout extends Error {
  constructor(subject: string, timeoutMs: number) {
    super(`no reply to ${subject} within ${timeoutMs} ms`);
    this.name = 'ReplyTimeout';
  }
}

/** The request reached no service (the NATS server's no-responders status). */
export class NoResponders extends Error {
  constructor(subject: string) {
    super(`no service answers ${subject}`);
    this.name = 'NoResponders';
  }
}

interface Pending {
  resolve(msg: Msg): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
  subject: string;
}

/**
 * Request/reply over one wildcard reply subscription per connection, the way the NATS
 * client's own `request()` muxes, without its per-request cost: on every successful
 * request it built an `Error` (stack captured) to reject its already settled promise,
 * about 5% of the BFF's CPU on a signed-in read. Replies are matched by a token at the end
 * of the reply subject; a late reply (after its timeout) is dropped.
 */
export class ReplyInbox {
  private readonly prefix = `${createInbox()}.`;
  private readonly pending = new Map<string, Pending>();
  private next = 0;

  constructor(private readonly nc: NatsConnection) {
    nc.subscribe(`${this.prefix}*`, {
      callback: (err, msg) => {
        if (err) return this.failAll(err);
        const token = msg.subject.slice(this.prefix.length);
        const waiting = this.pending.get(token);
        if (!waiting) return;
        this.pending.delete(token);
        clearTimeout(waiting.timer);
        if (isNoResponders(msg.headers)) waiting.reject(new NoResponders(waiting.subject));
        else waiting.resolve(msg);
      },
    });
    // The subscription ends with the connection: nothing would answer what still waits.
    void nc.closed().then(() => this.failAll(new Error('the NATS connection closed')));
  }

  request(subject: string, data: Payload, options: { timeoutMs: number; headers?: MsgHdrs }): Promise<Msg> {
    const token = (this.next++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new ReplyTimeout(subject, options.timeoutMs));
      }, options.timeoutMs);
      this.pending.set(token, { resolve, reject, timer, subject });
      try {
        this.nc.publish(subject, data, { reply: this.prefix + token, headers: options.headers });
      } catch (e) {
        this.pending.delete(token);
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  /** Requests still waiting for a reply. */
  get waiting(): number {
    return this.pending.size;
  }

  private failAll(e: Error) {
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(e);
    }
    this.pending.clear();
  }
}

/** The NATS server answers a request nobody subscribes to with an empty 503 status message. */
const isNoResponders = (headers: MsgHdrs | undefined) => headers !== undefined && headers.hasError && headers.code === 503;
