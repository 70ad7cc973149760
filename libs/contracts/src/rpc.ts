import { eventEnvelopeSchema, type EventEnvelope } from './envelope.js';
import { AppErrorException } from './errors.js';
import { newId } from './ids.js';
import {
  eventSubjects,
  rpcSubjects,
  type EventData,
  type EventSubject,
  type RpcReply,
  type RpcRequest,
  type RpcSubject,
} from './subjects.js';

/** Per-call options of a request. */
export interface RequestOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** The wire under `request()`: the server kit supplies one over NATS; tests may supply their own. */
export interface RpcTransport {
  send(subject: string, payload: unknown, options?: RequestOptions): Promise<unknown>;
}

/** A typed request function for the subjects of `rpcSubjects`. */
export type RequestFn = <S extends RpcSubject>(
  subject: S,
  payload: RpcRequest<S>,
  options?: RequestOptions,
) => Promise<RpcReply<S>>;

/**
 * Derives the typed `request()` from the subject map: the payload is validated before it
 * leaves and the reply is validated when it arrives, so a contract drift fails loudly at
 * the boundary instead of deep inside a caller.
 */
export function createRequest(transport: RpcTransport): RequestFn {
  return async (subject, payload, options) => {
    const def = rpcSubjects[subject];
    const request = def.request.parse(payload);
    const raw = await transport.send(subject, request, options);
    const parsed = def.reply.safeParse(raw);
    if (!parsed.success) {
      throw new AppErrorException({ code: 'INTERNAL', message: `Invalid reply on ${subject}: ${parsed.error.message}` });
    }
    return parsed.data as RpcReply<typeof subject>;
  };
}

/** Builds a validated event envelope for a subject of `eventSubjects`. */
export function createEvent<S extends EventSubject>(subject: S, data: EventData<S>, id: string = newId('evt')): EventEnvelope<EventData<S>> {
  const parsed = eventSubjects[subject].data.parse(data) as EventData<S>;
  return { id, subject, occurredAt: new Date().toISOString(), data: parsed };
}

/** Parses an envelope received from JetStream and validates its data against the subject's schema. */
export function parseEvent<S extends EventSubject>(subject: S, raw: unknown): EventEnvelope<EventData<S>> {
  const envelope = eventEnvelopeSchema.parse(raw);
  if (envelope.subject !== subject) throw new Error(`Event subject ${envelope.subject} is not ${subject}`);
  return { ...envelope, data: eventSubjects[subject].data.parse(envelope.data) as EventData<S> };
}
