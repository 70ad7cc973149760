import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { changeHintSubjects, type ChangeHintData, type ChangeHintSubject } from '@jalaj/contracts';
import { getLogger } from '@jalaj/server-kit';

/** What a cache of answers kept by change hints must do when hints cannot arrive (ADR 025). */
export interface HintedCache {
  pause(): void;
  resume(): void;
}

const log = getLogger('ChangeHints');

/** Subscribes to a change hint (no queue group: every process hears it); malformed hints are logged and ignored. */
export function onHint<S extends ChangeHintSubject>(nc: NatsConnection, subject: S, handle: (data: ChangeHintData<S>) => void): Subscription {
  const schema = changeHintSubjects[subject];
  return nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      const parsed = schema.safeParse(safeJson(msg.string()));
      if (parsed.success) handle(parsed.data as ChangeHintData<S>);
      else log.warn({ subject }, 'malformed change hint ignored');
    },
  });
}

/** While the connection is down, hints are lost: the caches keep nothing until it is back, and nothing once it closed. */
export async function pauseWhileDisconnected(nc: NatsConnection, caches: readonly HintedCache[]): Promise<void> {
  for await (const status of nc.status()) {
    if (status.type === 'disconnect') caches.forEach((c) => c.pause());
    else if (status.type === 'reconnect') caches.forEach((c) => c.resume());
  }
  caches.forEach((c) => c.pause());
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
