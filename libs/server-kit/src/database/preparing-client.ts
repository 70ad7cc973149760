import pg from 'pg';

/** Runs of one text on one connection before it is prepared under a name (pgjdbc's `prepareThreshold`). */
export const PREPARE_THRESHOLD = 5;

/** The most texts one connection keeps track of, prepared or counted (pgjdbc's `preparedStatementCacheQueries`). */
export const MAX_TRACKED_STATEMENTS = 256;

/** PostgreSQL's `feature_not_supported`: a prepared statement whose result type a schema change altered. */
const CACHED_PLAN_CHANGED = '0A000';

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * The ORM pool's connection (ADR 071): a statement with parameters that has run
 * {@link PREPARE_THRESHOLD} times on a connection is sent from then on as a named prepared
 * statement, so PostgreSQL parses and plans it once per connection instead of every time
 * (for a cart write, about half of PostgreSQL's CPU). This is what PostgreSQL's JDBC driver
 * does by default; `pg` names a statement only when it is asked to, and Kysely (through
 * which MikroORM and `runSql` send every statement) never asks. It is given to the pool as
 * pg-pool's documented `Client` option.
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

  constructor(config?: string | pg.ClientConfig) {
    // Pipelining (node-postgres's documented `pipeline` option) lets a deferred `begin` and the
    // statement after it go out together; every other caller awaits its statement anyway.
    // (A copy with every property: pg-pool keeps the password out of sight, not enumerable.)
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : Object.defineProperties({ pipeline: true }, Object.getOwnPropertyDescriptors(config ?? {})));
  }

  override query(...args: QueryArgs): never {
    const [text, values, callback] = args;
    if (typeof callback !== 'function' && (values === undefined || (Array.isArray(values) && values.length === 0))) {
      // A transaction's `begin` costs no round trip of its own: it is answered now and sent
      // with the next statement; a transaction with no statement sends nothing at all.
      if (text === 'begin' && !this.beginDeferred) {
        this.beginDeferred = true;
        return Promise.resolve(noRows('BEGIN')) as never;
      }
      if (this.beginDeferred && (text === 'commit' || text === 'rollback')) {
        this.beginDeferred = false;
        return Promise.resolve(noRows(text.toUpperCase())) as never;
      }
    }
    if (this.beginDeferred) {
      this.beginDeferred = false;
      return this.afterBegin(args) as never;
    }
    return this.send(args);
  }

  /** Sends the deferred `begin` and then `args`' statement in one write: the statement's result, or `begin`'s failure. */
  private afterBegin(args: QueryArgs): Promise<unknown> | void {
    const stream = (this as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    stream?.cork?.();
    let begun: Promise<unknown>;
    let result: unknown;
    try {
      begun = (super.query as (text: string) => Promise<unknown>).call(this, 'begin');
      result = this.send(args);
    } finally {
      stream?.uncork?.();
    }
    if (typeof args[2] === 'function') {
      // A callback's caller learns of a failed `begin` from the statement, which then fails too.
      begun.catch(() => undefined);
      return;
    }
    return begun.then(
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
