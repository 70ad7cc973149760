import { NatsContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { AppError } from '@jalaj/contracts';
import { CommandLog } from './command-log.js';

/** Headers as the NATS server hands them to a handler: an absent one reads ''. */
export const natsHeaderBag = (headers: Record<string, string>) => ({ get: (k: string) => headers[k] ?? '', set: () => undefined, keys: () => Object.keys(headers) });

/**
 * For specs: Nest's microservice pipeline without I/O. `call` runs a subject's registered
 * handler as the NATS server does and answers as the reply packet says it: `{response}`, or
 * `{err, status}` with what the error filter made of a failure.
 */
export class InMemoryRpcTransport extends Server implements CustomTransportStrategy {
  listen(callback: () => void) {
    callback();
  }
  close() {}
  on() {}
  unwrap<T>(): T {
    return undefined as T;
  }
  async call(subject: string, data: unknown, headers: Record<string, string> = {}): Promise<{ response: unknown } | { err: AppError; status: 'error' }> {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) throw new Error(`no handler for ${subject}`);
    try {
      const result = await handler(data, new NatsContext([subject, natsHeaderBag(headers) as never]));
      return { response: isObservable(result) ? await lastValueFrom(result, { defaultValue: undefined }) : result };
    } catch (err) {
      return { err: err as AppError, status: 'error' };
    }
  }
}

/** For specs: a `CommandLog` that runs the work at once and tells `entered` of each command first. */
export const recordingCommandLog = (entered: (command: { subject: string; id: string | undefined; request: unknown }) => void) => ({
  provide: CommandLog,
  useValue: {
    run: async (command: { subject: string; id: string | undefined; request: unknown }, work: () => Promise<unknown>) => {
      entered(command);
      return work();
    },
  },
});
