import pg from 'pg';

/** Runs of one text on one connection before it is prepared under a name (pgjdbc's `prepareThreshold`). */
export const PREPARE_THRESHOLD = 5;

/** The most texts one connection keeps track of, prepared or counted (pgjdbc's `preparedStatementCacheQueries`). */
export const MAX_TRACKED_STATEMENTS = 256;

/** PostgreSQL's `feature_not_supported`: a prepared statement whose result type a schema change altered. */
const CACHED_PLAN_CHANGED = '0A000';

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * The head of a statement whose answer nobody waits for (ADR 091): the connection answers it
 * at once and sends it with the transaction's next statement, its commit included, which
 * fails if it failed. `runWithNext` puts it there.
 */
export const WITH_NEXT = '/* with the next statement */ ';

/**
 * The ORM pool's connection (ADR 071): a statement with parameters that has run
 * {@link PREPARE_THRESHOLD} times on a connection is sent from then on as a named prepared
 * statement, so PostgreSQL parses and plans it once per connection instead of every time
 * (for a cart write, about half of PostgreSQL's CPU). This is what PostgreSQL's JDBC driver
 * does by default; `pg` names a statement only when it is asked to, and Kysely (through
 * which MikroORM and `runSql` send every statement) never asks. It is given to the pool as
 * pg-pool's documented `Client` option.
 *
 * A transaction's `begin` goes out with its first statement (ADR 087), and a statement whose
 * answer nobody waits for ({@link WITH_NEXT}) with the statement after it (ADR 091), node-
 * postgres's pipelining sending them in one write.
 *
 * At most {@link MAX_TRACKED_STATEMENTS} texts are tracked per connection; texts beyond
 * them run unnamed. A named statement whose result type a schema change altered fails
 * once with `0A000` and is then forgotten, so its next run is prepared afresh under a new name.
 */
export class PreparingClient extends pg.Client {
  /** A text's runs on this connection so far, or the name it is prepared under. */
  private readonly statements = new Map<string, number | string>();
  private prepared = 0;
  /** A `begin` answered and not sent yet: it goes out with the transaction's first statement (ADR 087). */
  private beginDeferred = false;
  /** Statements answered and not sent yet: they go out with the transaction's next statement (ADR 091). */
  private queued: QueryArgs[] = [];

  constructor(config?: string | pg.ClientConfig) {
    // Pipelining (node-postgres's documented `pipeline` option) lets a deferred `begin` and the
    // statement after it go out together; every other caller awaits its statement anyway.
    // (A copy with every property: pg-pool keeps the password out of sight, not enumerable.)
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : Object.defineProperties({ pipeline: true }, Object.getOwnPropertyDescriptors(config ?? {})));
  }

  override query(...args: QueryArgs): never {
    const [text, values, callback] = args;
    if (typeof callback !== 'function') {
      // A statement whose answer nobody waits for costs no round trip of its own either.
      if (typeof text === 'string' && text.startsWith(WITH_NEXT)) {
        this.queued.push([text.slice(WITH_NEXT.length), values]);
        return Promise.resolve(noRows('QUEUED')) as never;
      }
      if (values === undefined || (Array.isArray(values) && values.length === 0)) {
        // A transaction's `begin` costs no round trip of its own: it is answered now and sent
        // with the next statement; a transaction with no statement sends nothing at all.
        if (text === 'begin' && !this.beginDeferred) {
          this.beginDeferred = true;
          return Promise.resolve(noRows('BEGIN')) as never;
        }
        // What a rollback undoes need not be sent.
        if (text === 'rollback') this.queued = [];
        if (this.beginDeferred && this.queued.length === 0 && (text === 'commit' || text === 'rollback')) {
          this.beginDeferred = false;
          return Promise.resolve(noRows(text.toUpperCase())) as never;
        }
      }
    }
    if (this.beginDeferred || this.queued.length > 0) return this.withWaiting(args) as never;
    return this.send(args);
  }

  /**
   * Sends what waits (the deferred `begin`, the queued statements) and then `args`'
   * statement in one write: the statement's result, or the first failure of what went
   * before it. (A queued statement that failed aborts the transaction, and PostgreSQL then
   * answers a `commit` with a rollback that is no error: the commit fails here instead.)
   */
  private withWaiting(args: QueryArgs): Promise<unknown> | void {
    const stream = (this as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    stream?.cork?.();
    const before: Promise<unknown>[] = [];
    let result: unknown;
    try {
      if (this.beginDeferred) {
        this.beginDeferred = false;
        before.push((super.query as (text: string) => Promise<unknown>).call(this, 'begin'));
      }
      for (const queued of this.queued.splice(0)) before.push(this.send(queued) as Promise<unknown>);
      result = this.send(args);
    } finally {
      stream?.uncork?.();
    }
    if (typeof args[2] === 'function') {
      // A callback's caller learns of a failure before from the statement, which then fails too.
      for (const p of before) p.catch(() => undefined);
      return;
    }
    return Promise.all(before).then(
      () => result,
      (e: unknown) => {
        (result as Promise<unknown>).catch(() => undefined);
        throw e;
      },
    );
  }

  /** Runs a statement, named once it has run often enough on this connection. */
  private send(args: QueryArgs): never {
    const [text, values, callback] = args;
    const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 ? this.nameOf(text) : undefined;
    const query = super.query as (...a: QueryArgs) => unknown;
    if (name === undefined) return query.apply(this, args) as never;
    const forgetChanged = (e: { code?: string } | null | undefined) => {
      if (e?.code === CACHED_PLAN_CHANGED) this.statements.delete(text as string);
    };
    // pg-pool's `pool.query` passes a callback; Kysely awaits the promise.
    if (typeof callback === 'function') {
      return query.call(this, { name, text, values }, (e: Error | null, result: unknown) => {
        forgetChanged(e as { code?: string } | null);
        (callback as (e: Error | null, result: unknown) => void)(e, result);
      }) as never;
    }
    return (query.call(this, { name, text, values }) as Promise<unknown>).catch((e: { code?: string }) => {
      forgetChanged(e);
      throw e;
    }) as never;
  }

  /** The name `text` runs under now: undefined until it has run often enough, or when too many texts are tracked. */
  private nameOf(text: string): string | undefined {
    const seen = this.statements.get(text);
    if (typeof seen === 'string') return seen;
    if (seen === undefined && this.statements.size >= MAX_TRACKED_STATEMENTS) return undefined;
    const runs = (seen ?? 0) + 1;
    if (runs < PREPARE_THRESHOLD) {
      this.statements.set(text, runs);
      return undefined;
    }
    const name = `jalaj_${++this.prepared}`;
    this.statements.set(text, name);
    return name;
  }
}

/** The result of a statement that returns no rows, as `pg` gives it. */
function noRows(command: string) {
  return { command, rowCount: null, oid: null, rows: [], fields: [] };
}
