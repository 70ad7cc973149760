import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { changeHintSubjects, type ChangeHintData, type ChangeHintSubject } from '@jalaj/contracts';
import { getLogger } from '../logger.js';
import { NatsConnectionHolder } from './nats.module.js';

/** What runs once the transaction of the current command or event has committed. */
const afterCommitHooks = new AsyncLocalStorage<Array<() => void>>();

/**
 * Runs `work` (a command's or an event's transaction, awaited to its commit) and then the
 * hooks it registered with {@link afterCommit}; if `work` throws (the transaction rolled
 * back) they are dropped. Nested calls leave the hooks to the outermost one, whose commit
 * is the one that counts.
 */
export async function withAfterCommit<T>(work: () => Promise<T>): Promise<T> {
  if (afterCommitHooks.getStore()) return work();
  const hooks: Array<() => void> = [];
  const result = await afterCommitHooks.run(hooks, work);
  for (const hook of hooks) hook();
  return result;
}

/**
 * Runs `hook` after the surrounding {@link withAfterCommit} (the command log's or the event
 * consumers' transaction) commits, or at once outside one.
 */
export function afterCommit(hook: () => void): void {
  const hooks = afterCommitHooks.getStore();
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Publishes change hints (ADR 025) on core NATS, after the change commits: a hint sent
 * before would let the BFF reload the old answer and keep it.
 */
@Injectable()
export class ChangeHints {
  private readonly log = getLogger('ChangeHints');

  constructor(private readonly nats: NatsConnectionHolder) {}

  /** Announces, once the current transaction commits, that `subject`'s answer for `data` changed. */
  announce<S extends ChangeHintSubject>(subject: S, data: ChangeHintData<S>): void {
    const payload = JSON.stringify(changeHintSubjects[subject].parse(data));
    afterCommit(() => {
      this.nats.connection().then(
        (nc) => nc.publish(subject, payload),
        (e: unknown) => this.log.warn({ err: e, subject }, 'change hint not sent'),
      );
    });
  }
}
