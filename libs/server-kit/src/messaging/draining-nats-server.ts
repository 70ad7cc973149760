import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

/** More subjects than any service handles: a bound, not a size. */
const MAX_REMEMBERED_ROUTES = 1000;

/**
 * Nest's NATS server (a custom transport strategy on Nest's documented base) that, when the
 * app closes, stops taking requests and then waits for the ones it is handling to be
 * answered — at most `gracePeriod` ms — before it closes the connection. Nest's own
 * `gracefulShutdown` waits the whole grace period every time; this one counts the requests
 * between Nest's processing hooks and stops waiting when none is left, so a replica that is
 * asked to stop loses no request and stops at once when idle. Unsubscribing hands the queue
 * group's next requests to the other replicas.
 *
 * It also reports itself started only once the NATS server has its subscriptions: Nest's
 * calls back as soon as they are queued on the connection, so the app could answer ready
 * (and a balancer or a spec send it work) while the server still answered the queue group's
 * requests with "no responders". Seen behind Docker's port proxy on a busy machine.
 *
 * Every request goes through Nest's pipeline: the kit's interceptor, the contract pipe, the
 * command interceptors and the error filter (ADR 006).
 */
export class DrainingNatsServer extends ServerNats {
  private inFlight = 0;
  private readonly routes = new Map<string, string>();
  private readonly idleWaiters = new Set<() => void>();
  private readonly subscribed: Subscription[] = [];
  private readonly queue: string | undefined;
  private readonly gracePeriod: number;

  constructor(options: Required<NatsOptions>['options'] & { gracePeriod: number }) {
    // Nest's own graceful shutdown (a fixed wait) is off: close() below waits for the requests instead.
    super({ ...options, gracefulShutdown: false });
    this.queue = options.queue;
    this.gracePeriod = options.gracePeriod;
    this.setOnProcessingStartHook((_transport, _context, done) => {
      this.inFlight += 1;
      return done();
    });
    this.setOnProcessingEndHook(() => this.finished());
  }

  /**
   * Subscribes every handler's subject in the service's queue group, as Nest's `bindEvents`
   * does, keeping the subscriptions so that {@link close} can end them before it waits.
   */
  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? this.queue;
      this.subscribed.push(client.subscribe(channel, { queue, callback: this.getMessageHandler(channel).bind(this) as never }));
    }
  }

  /**
   * Subscribes, then calls back after a round trip to the server (`flush`): the server
   * handles a connection's messages in order, so by its answer it has every subscription.
   */
  override start(callback: (err?: unknown) => void): void {
    const client = this.unwrap<NatsConnection>();
    this.bindEvents(client);
    client.flush().then(
      () => callback(),
      (e: unknown) => callback(e),
    );
  }

  /** Stops taking requests, waits until those under way are answered (at most the grace period), then closes. */
  override async close(): Promise<void> {
    for (const subscription of this.subscribed.splice(0)) subscription.unsubscribe();
    await this.untilIdle(this.gracePeriod);
    await super.close();
  }

  /**
   * A subject's route, found once per subject. Nest's own tries `JSON.parse` on the subject
   * first, for patterns that are objects, and a plain subject like `rpc.cart.items.add`
   * fails it: a `SyntaxError`, its stack captured, for every message (3.5% of the cart
   * service's CPU under cart writes). Subjects here are plain strings; what Nest's does
   * with any other pattern is kept. Only the subscriptions' own subjects come here
   * (`getHandlerByPattern(channel)`), so the memory is as small as the handler list.
   */
  override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < MAX_REMEMBERED_ROUTES) this.routes.set(pattern, route);
    }
    return route;
  }

  /** A request was answered: the last one wakes whoever waits for idle. */
  private finished(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) for (const wake of this.idleWaiters) wake();
  }

  /** The requests being handled now. */
  get handling(): number {
    return this.inFlight;
  }

  /** Resolves when no request is being handled, or after `limitMs`. */
  private untilIdle(limitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        // The last reply is published on the next tick (Nest's send queue): let it go out.
        setImmediate(resolve);
      };
      const timer = setTimeout(done, limitMs);
      this.idleWaiters.add(done);
    });
  }
}
