import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request or message carries through the code it runs. */
export interface CallContext {
  correlationId: string;
}

/** Holds the current call's context for logging and outgoing messages. */
export const callContext = new AsyncLocalStorage<CallContext>();

export const currentCorrelationId = (): string | undefined => callContext.getStore()?.correlationId;
