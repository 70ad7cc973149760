import {
  Injectable,
  Optional,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { AsyncLocalStorage } from 'node:async_hooks';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { renderMessage } from '@jalaj/commerce';
import { AppErrorException, HEADERS, type RpcReply, type RpcSubject } from '@jalaj/contracts';
import { failedOnKey, runSql, runWithNext } from '../database/run-sql.js';
import { getLogger } from '../logger.js';
import { withAfterCommit } from './change-hints.js';
import { COMMAND_LOG_KEY, COMMAND_LOG_SQL, repeatOf, type CommandRepeat, type FirstHandling } from './command-log-sql.js';
import { OutboxRelay } from './outbox.js';
import type { RpcParsedRequest } from './rpc-handler.js';
import { parseRequest } from './rpc-handling.js';
import { requestHash } from './request-hash.js';

/** How long a handled command is remembered: a retry later than this is handled as new. */
export const COMMAND_LOG_RETENTION_HOURS = 24;

/** The longest command id a service accepts (actor id + `/` + a 128-character key, with room). */
export const MAX_COMMAND_ID_LENGTH = 256;

/** The text of an `IDEMPOTENCY_CONFLICT`. */
export const IDEMPOTENCY_CONFLICT_MESSAGE = renderMessage('IDEMPOTENCY_CONFLICT').message;

/** A command in hand: its subject, the caller's id for it and the fingerprint of its request. */
export interface HandledCommand {
  subject: string;
  id: string;
  requestHash: string;
}

const handling = new AsyncLocalStorage<HandledCommand & { claimed?: boolean }>();

/**
 * The command being handled in this async context, when the caller gave it an id. Under
 * {@link CommandLog.run} a handler derives the ids of what it asks other services to create
 * from it, so a retry after a rolled-back attempt finds the same resource instead of
 * leaving the first one behind (ADR 032).
 */
export function handledCommand(): HandledCommand | undefined {
  return handling.getStore();
}

/**
 * The parameters with which the statement of a command claimed by its statement claims it
 * (ADR 088, {@link claimCommandWith}): its subject, id and request hash. Undefined when the
 * caller gave no command id: the statement then makes its change without a claim.
 */
export function commandClaimParams(): [subject: string, id: string, requestHash: string] | undefined {
  const command = handling.getStore();
  if (!command) return undefined;
  command.claimed = true;
  return [command.subject, command.id, command.requestHash];
}

/**
 * The first handling's kept outcome of a repeated command: `IDEMPOTENCY_CONFLICT` when the
 * id came with another request, `CONFLICT` while its row is being pruned. Logs the repeat.
 */
function repeatedOutcome(first: CommandRepeat, command: HandledCommand | undefined, log: { info(o: object, msg: string): void }): unknown {
  if (first.repeat !== 'done') {
    throw first.repeat === 'conflict'
      ? new AppErrorException({ code: 'IDEMPOTENCY_CONFLICT', message: IDEMPOTENCY_CONFLICT_MESSAGE })
      : new AppErrorException({ code: 'CONFLICT', message: 'The command is being pruned; please try again.' });
  }
  log.info({ subject: command?.subject, commandId: command?.id }, 'repeated command answered from the command log');
  return first.outcome;
}

/** Refuses a command id a service does not accept (empty or too long). */
export function checkCommandId(id: string | undefined): void {
  if (id !== undefined && (id === '' || id.length > MAX_COMMAND_ID_LENGTH)) {
    throw new AppErrorException({ code: 'VALIDATION_FAILED', message: 'The command id is not valid.' });
  }
}

/** The command log's statements (command-log-sql.ts). */
const { claim: CLAIM, firstHandling: FIRST_HANDLING, keepReply: KEEP_REPLY, claimWithReply: CLAIM_WITH_REPLY } = COMMAND_LOG_SQL;

/** How a subject's repeats are answered from the reply its first handling kept ({@link CommandLog.answerRepeats}). */
type RepeatAnswer = (kept: unknown, request: unknown) => Promise<unknown>;

/**
 * The service side of idempotent commands (ADR 012, 064). {@link CommandLog.run} handles a
 * command in one database transaction, opened by the unit of work, that first claims
 * `(subject, command id)` in `command_log` ({@link CommandLog.claim}), then runs the
 * handler, then keeps its reply ({@link CommandLog.keepReply}). So the change and the
 * record of it commit together; a repeat finds the row and gets the kept reply without the
 * work being done again; a concurrent duplicate blocks on the primary key until the first
 * commits (then it reads the first reply) or rolls back (then it does the work itself). A
 * handler that throws rolls everything back, so a retry starts afresh.
 */
@Injectable()
export class CommandLog {
  private readonly log = getLogger('CommandLog');
  private readonly repeatAnswers = new Map<string, RepeatAnswer>();

  constructor(
    private readonly orm: MikroORM,
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  /**
   * Handles a command at most once per `(subject, id)`.
   *
   * `work` runs inside the transaction, and the global `EntityManager` resolves to it there:
   * handlers must write through the injected `EntityManager` (or `em.transactional`, which
   * nests as a savepoint), never through `em.fork()`, whose writes would escape it.
   *
   * @param command - The subject, the caller's command id (none: handled in a transaction, not recorded) and the request.
   * @param work - The handler.
   * @returns The handler's reply, or the first handling's kept reply (as the subject's {@link answerRepeats} answers it).
   * @throws AppErrorException `IDEMPOTENCY_CONFLICT` when the id was used for a different request.
   */
  async run<T>(command: { subject: string; id: string | undefined; request: unknown }, work: () => Promise<T>): Promise<T> {
    const { subject, id } = command;
    checkCommandId(id);
    const hash = requestHash(command.request);
    // Change hints the handler announces go out after the commit (withAfterCommit).
    const outcome = await withAfterCommit(() => this.orm.em.transactional(async (tx) => {
      if (id === undefined) return { replayed: false, reply: await work() };
      const handled = { subject, id, requestHash: hash };
      const repeat = await this.claim(tx, handled);
      if (repeat) {
        const kept = repeatedOutcome(repeat, handled, this.log);
        const answer = this.repeatAnswers.get(subject);
        return { replayed: true, reply: (answer ? await answer(kept, command.request) : kept) as T };
      }
      const reply = await handling.run(handled, work);
      await tx.flush();
      await this.keepReply(tx, handled, reply);
      return { replayed: false, reply };
    }));
    // Events written by the handler were not visible to the relay until this commit.
    if (!outcome.replayed) this.relay?.nudge();
    return outcome.reply;
  }

  /**
   * Handles a command claimed by its own statement (ADR 088), without a transaction: `work`
   * reads what it needs, decides, and makes its change in one statement that also claims
   * the command and keeps its outcome ({@link claimCommandWith}, parameters from
   * {@link commandClaimParams}). A work that changes nothing (a refusal) is claimed with its
   * reply afterwards. A command claimed before fails that statement on the log's key, so
   * nothing of it stays, and is answered as {@link run} answers a repeat.
   *
   * For a command whose change is one statement: two round trips to PostgreSQL (the read, the
   * statement) where {@link run} needs a transaction around the claim, the work and the reply.
   */
  async runClaimedByStatement<T>(command: { subject: string; id: string | undefined; request: unknown }, work: () => Promise<T>): Promise<T> {
    const { subject, id } = command;
    checkCommandId(id);
    if (id === undefined) return withAfterCommit(work);
    const handled = { subject, id, requestHash: requestHash(command.request), claimed: false };
    try {
      return await withAfterCommit(async () => {
        const reply = await handling.run(handled, work);
        if (!handled.claimed) await runSql(this.orm.em.fork(), CLAIM_WITH_REPLY, [subject, id, handled.requestHash, JSON.stringify(reply ?? null)]);
        return reply;
      });
    } catch (e) {
      if (!failedOnKey(e, COMMAND_LOG_KEY)) throw e;
      const [first] = await runSql<FirstHandling>(this.orm.em.fork(), FIRST_HANDLING, [subject, id]);
      const kept = repeatedOutcome(repeatOf(first, handled.requestHash), handled, this.log);
      const answer = this.repeatAnswers.get(subject);
      return (answer ? await answer(kept, command.request) : kept) as T;
    }
  }

  /**
   * Replaces the kept outcome of the command claimed by its statement now being handled
   * ({@link runClaimedByStatement}), when the handler decided again after that statement.
   */
  async keepOutcome(outcome: unknown): Promise<void> {
    const command = handling.getStore();
    if (command?.claimed) await this.keepReply(this.orm.em.fork(), command, outcome);
  }

  /**
   * Claims `command` in `command_log` inside `tx`'s transaction.
   *
   * @returns Null when claimed now; else what its first handling left: the kept reply, a
   *   conflict (another request under the id) or pruned. A first handling still in flight is
   *   waited for.
   */
  async claim(tx: EntityManager, command: HandledCommand): Promise<CommandRepeat | null> {
    if ((await runSql(tx, CLAIM, [command.subject, command.id, command.requestHash])).length) return null;
    const [first] = await runSql<FirstHandling>(tx, FIRST_HANDLING, [command.subject, command.id]);
    return repeatOf(first, command.requestHash);
  }

  /**
   * Keeps `reply` as the answer to every repeat of `command`: in the transaction that claimed
   * it, sent with the commit (nothing waits for its answer, ADR 091); else on its own.
   */
  async keepReply(em: EntityManager, command: HandledCommand, reply: unknown): Promise<void> {
    const values = [command.subject, command.id, JSON.stringify(reply ?? null)];
    await (em.getTransactionContext() ? runWithNext(em, KEEP_REPLY, values) : runSql(em, KEEP_REPLY, values));
  }

  /**
   * Answers the repeats of `subject` with `answer(kept, request)` instead of the kept reply
   * as it is: for a reply that shows state which may have changed since (the cart after a
   * change, ADR 050), or a reply kept in an earlier format. It runs in the repeat's
   * transaction; what it writes commits with it, but it should only read.
   */
  answerRepeats<S extends RpcSubject>(subject: S, answer: (kept: unknown, request: RpcParsedRequest<S>) => Promise<RpcReply<S>>): void {
    this.repeatAnswers.set(subject, (kept, request) => answer(kept, parseRequest(subject, request) as RpcParsedRequest<S>));
  }

  /**
   * Deletes rows older than the retention.
   *
   * @param olderThanHours - Age limit; {@link COMMAND_LOG_RETENTION_HOURS} by default.
   * @returns How many rows were deleted.
   */
  async prune(olderThanHours = COMMAND_LOG_RETENTION_HOURS): Promise<number> {
    const deleted = await runSql(this.orm.em.fork(), 'delete from command_log where created_at < now() - make_interval(hours => $1) returning command_id', [olderThanHours]);
    return deleted.length;
  }
}

/** A NATS request's subject, its command id (the {@link HEADERS.commandId} header; none when empty) and its payload. */
function incomingCommand(context: ExecutionContext): { subject: string; id: string | undefined; request: unknown } {
  const rpc = context.switchToRpc();
  const ctx = rpc.getContext<NatsContext>();
  return { subject: ctx.getSubject(), id: commandIdOf(ctx.getHeaders()), request: rpc.getData() };
}

/** A NATS request's command id: its {@link HEADERS.commandId} header, none when absent or empty. */
export function commandIdOf(headers: { get(key: string): string } | undefined): string | undefined {
  return headers?.get(HEADERS.commandId) || undefined;
}

/**
 * Runs an opted-in NATS handler through {@link CommandLog.run}, with the command id from
 * the {@link HEADERS.commandId} header and the payload as the request.
 */
@Injectable()
export class CommandLogInterceptor implements NestInterceptor {
  constructor(private readonly commands: CommandLog) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const { subject, id, request } = incomingCommand(context);
    // next.handle() is called inside the transaction, so the handler runs in its async context.
    return defer(() => this.commands.run({ subject, id, request }, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

/** Runs an opted-in NATS handler through {@link CommandLog.runClaimedByStatement} (ADR 088). */
@Injectable()
export class StatementClaimInterceptor implements NestInterceptor {
  constructor(private readonly commands: CommandLog) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const command = incomingCommand(context);
    return defer(() => this.commands.runClaimedByStatement(command, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

/**
 * Makes a NATS handler an idempotent command (ADR 012): it runs in one database
 * transaction with its entry in `command_log`, and a repeat with the same command id
 * returns the first reply (or its subject's {@link CommandLog.answerRepeats} answer). One
 * line on the handler, beside `@RpcHandler(...)`.
 *
 * With `{ claimedBy: 'statement' }`, for a command whose change is one statement: no
 * transaction, the statement claims the command itself ({@link CommandLog.runClaimedByStatement},
 * ADR 088).
 */
export const IdempotentCommand = (options: { claimedBy?: 'transaction' | 'statement' } = {}) =>
  UseInterceptors(options.claimedBy === 'statement' ? StatementClaimInterceptor : CommandLogInterceptor);
