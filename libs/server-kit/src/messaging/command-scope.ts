import { AsyncLocalStorage } from 'node:async_hooks';
import { renderMessage } from '@jalaj/commerce';

/** The text of an `OUTCOME_UNKNOWN`. */
export const OUTCOME_UNKNOWN_MESSAGE = renderMessage('OUTCOME_UNKNOWN').message;

/** What {@link runAsCommand} binds for the calls it makes. */
export interface CommandScope {
  /** The actor-scoped command id, or `undefined` when the caller sent no key (may be a getter, read when an RPC goes out). */
  readonly commandId: string | undefined;
}

const commandScope = new AsyncLocalStorage<CommandScope>();

/**
 * Runs `fn` as (part of) a state-changing command: every RPC it sends carries
 * `commandId` in the `x-command-id` header (`HEADERS.commandId`), and an RPC that times out fails
 * with `OUTCOME_UNKNOWN` instead of `UNAVAILABLE`, because the work may have been done.
 * The BFF wraps each state-changing HTTP request in it.
 *
 * @param scope - The command's scope: its actor-scoped command id, `undefined` when the caller sent no key.
 * @param fn - The work.
 * @returns What `fn` returns.
 */
export function runAsCommand<T>(scope: CommandScope, fn: () => T): T {
  return commandScope.run(scope, fn);
}

/** The command the current call belongs to, if it is one (see {@link runAsCommand}). */
export function currentCommand(): CommandScope | undefined {
  return commandScope.getStore();
}
