import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createEvent, EVENT_STREAM, type EventData, type EventEnvelope, type EventSubject } from '@jalaj/contracts';
import { eventually } from './eventually.js';

/** Publishes events onto JetStream for a spec, the way a service's outbox relay does. */
export interface EventPublisher {
  /** Publishes a new validated event of `subject` (message id = event id) and returns its envelope. */
  publish<S extends EventSubject>(subject: S, data: EventData<S>): Promise<EventEnvelope<EventData<S>>>;
  /**
   * Publishes an event that was published before once more, under a new message id so the
   * stream keeps it: a consumer sees the same event id again, as after a crash between its
   * effect and its acknowledgement.
   */
  redeliver(envelope: EventEnvelope<unknown>): Promise<void>;
  /**
   * Waits until the durable consumer `durable` has been handed and has acknowledged every
   * event in the stream: then an event that should have changed nothing had its chance to.
   */
  consumed(durable: string): Promise<void>;
  close(): Promise<void>;
}

/** Connects an {@link EventPublisher} to the integration NATS (`NATS_URL`). */
export async function eventPublisher(url: string = process.env.NATS_URL!): Promise<EventPublisher> {
  const nc = await connect({ servers: url, name: 'spec-events' });
  const js = jetstream(nc);
  let redeliveries = 0;
  return {
    async publish(subject, data) {
      const envelope = createEvent(subject, data);
      await js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
      return envelope;
    },
    async redeliver(envelope) {
      await js.publish(envelope.subject, JSON.stringify(envelope), { msgID: `${envelope.id}:again-${++redeliveries}` });
    },
    async consumed(durable) {
      const jsm = await jetstreamManager(nc);
      await eventually(
        async () => {
          const info = await jsm.consumers.info(EVENT_STREAM, durable);
          return info.num_pending + info.num_ack_pending;
        },
        (n) => n === 0,
      );
    },
    async close() {
      await nc.drain();
    },
  };
}
