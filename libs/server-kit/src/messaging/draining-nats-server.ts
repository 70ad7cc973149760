import { ServerNats, type NatsOptions } from '@nestjs/microservices';

/**
 * Nest's NATS server that, when the app closes, stops taking requests and then waits for
 * the ones it is handling to be answered — at most `gracePeriod` ms — before it closes the
 * connection. Nest's own `gracefulShutdown` waits the whole grace period every time; this
 * one counts the requests between Nest's processing hooks and stops waiting when none is
 * left, so a replica that is asked to stop loses no request and stops at once when idle.
 * Unsubscribing hands the queue group's next requests to the other replicas.
 */
export class DrainingNatsServer extends ServerNats {
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();

  constructor(options: Required<NatsOptions>['options'] & { gracePeriod: number }) {
    super({ ...options, gracefulShutdown: true });
    this.setOnProcessingStartHook((_transport, _context, done) => {
      this.inFlight += 1;
      return done();
    });
    this.setOnProcessingEndHook(() => {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.idleWaiters) wake();
    });
    // `close()` calls it after unsubscribing; Nest's own waits the whole period. It is
    // private in Nest's typings, so it is replaced on the instance.
    (this as unknown as { waitForGracePeriod: () => Promise<void> }).waitForGracePeriod = () => this.untilIdle(options.gracePeriod);
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
