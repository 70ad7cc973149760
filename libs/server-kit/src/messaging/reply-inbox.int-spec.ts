import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NoResponders, ReplyInbox, ReplyTimeout } from './reply-inbox.js';

/** Request/reply over one reply subscription, against a real NATS server. */
describe('ReplyInbox (real NATS)', () => {
  let service: NatsConnection;
  let client: NatsConnection;
  let inbox: ReplyInbox;
  const subject = `spec.reply-inbox.${process.pid}`;

  beforeAll(async () => {
    service = await connect({ servers: process.env.NATS_URL! });
    client = await connect({ servers: process.env.NATS_URL!, noAsyncTraces: true });
    inbox = new ReplyInbox(client);
    // Answers `n` with `n * 2`, the odd ones later than the even ones (replies cross).
    service.subscribe(subject, {
      callback: (_e, msg) => {
        const n = Number(msg.string());
        if (n < 0) return; // never answers
        setTimeout(() => msg.respond(String(n * 2)), n % 2 ? 30 : 0);
      },
    });
    await service.flush();
  });

  afterAll(async () => {
    await client.close();
    await service.close();
  });

  it('gives every request its own reply, however the replies cross', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, (_, n) => inbox.request(subject, String(n), { timeoutMs: 5000 })));
    expect(replies.map((m) => Number(m.string()))).toEqual(Array.from({ length: 200 }, (_, n) => n * 2));
    expect(inbox.waiting).toBe(0);
  });

  it('fails a request nobody answers in time with ReplyTimeout, and forgets it', async () => {
    await expect(inbox.request(subject, '-1', { timeoutMs: 100 })).rejects.toBeInstanceOf(ReplyTimeout);
    expect(inbox.waiting).toBe(0);
  });

  it('fails a request no service subscribes to with NoResponders at once', async () => {
    const started = Date.now();
    await expect(inbox.request(`${subject}.nobody`, '1', { timeoutMs: 5000 })).rejects.toBeInstanceOf(NoResponders);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('fails what still waits when the connection closes', async () => {
    const own = await connect({ servers: process.env.NATS_URL! });
    const ownInbox = new ReplyInbox(own);
    const waiting = ownInbox.request(subject, '-1', { timeoutMs: 10_000 });
    await own.flush();
    await own.close();
    await expect(waiting).rejects.toThrow('closed');
  });
});
