/**
 * The one way to run SQL by hand (docs/data-access.md). Entities go through `db()` (db/orm.ts); SQL the
 * ORM cannot say goes through this module:
 *
 * - `sqlRows`, `sqlOne`, `sqlExecute`: `?` placeholders, on the current unit of work. Inside
 *   `db().transactional(...)` they run on that transaction's connection and see its uncommitted rows;
 *   elsewhere (a request, a job, a script) on a connection of the ORM's pool, committed at once.
 * - `sqlRowsPrepared`: the rows of a hot read every page asks for (the session read, a list's page), as
 *   a named prepared statement, so PostgreSQL parses it once per connection (docs/data-access.md#prepared-reads).
 * - `sqlOutsideTransaction`: a statement that must NOT join the caller's transaction (an audit row of a
 *   refused access must survive the request's rollback; an import's progress must be readable while its
 *   transaction is open).
 * - `withPgTransaction`, `withPgClient`, `openPgSnapshot`, `transactionPgClient`: a raw `pg` client for
 *   the rare work that needs one (PostgreSQL's own `$n` placeholders shared with the import job, a
 *   cursor, pg-boss's `send({ db })`). BEGIN / COMMIT / ROLLBACK are written here and nowhere else.
 *
 * eslint.config.js refuses `getConnection`, `acquireConnection` and hand-written BEGIN / COMMIT /
 * ROLLBACK outside this file.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import type { EntityManager, Knex } from "@mikro-orm/postgresql";
import { getOrm, getOrmOptions, onCloseOrm } from "./orm";
import { NO_JIT, sessionSettings } from "./mikro-orm.config";

export type SqlParams = readonly unknown[];
export type PgClient = pg.ClientBase;

/**
 * The ORM's root manager: its `execute` runs on the transaction of the current context (the
 * `db().transactional(...)` fork, else the request's) and needs no context at all (jobs, scripts).
 */
const root = () => getOrm().em;

/** The rows of a query, on the caller's transaction when there is one. */
export async function sqlRows<T extends object = Record<string, unknown>>(sql: string, params: SqlParams = []): Promise<T[]> {
  return root().execute<T[]>(sql, [...params], "all");
}

/**
 * At most this many statement texts are prepared in a process; any further one runs as `sqlRows` runs it.
 * PostgreSQL keeps each prepared statement on every pooled connection that ran it, with its plans: about
 * 0.3 MB for a list's page statement, so at most ~20 MB a connection (docs/data-access.md#prepared-reads).
 * The texts come from the code (the session read, each list's sorts, searches and filters).
 */
export const PREPARED_STATEMENTS_MAX = 64;

/** Prepared statements' names by their SQL: a statement's text is its identity on every connection. */
const preparedNames = new Map<string, string>();

/** The statement's name, or null when PREPARED_STATEMENTS_MAX other texts were prepared first. */
function preparedName(sql: string): string | null {
  let name = preparedNames.get(sql);
  if (name) return name;
  if (preparedNames.size >= PREPARED_STATEMENTS_MAX) return null;
  name = `lr_${createHash("sha1").update(sql).digest("base64url").slice(0, 20)}`;
  preparedNames.set(sql, name);
  return name;
}

/** How many statement texts this process has prepared (for tests). */
export const preparedStatementTexts = () => preparedNames.size;

/**
 * The rows of a read that pages run on every request, as a named prepared statement, on the caller's
 * transaction when there is one. PostgreSQL parses a statement sent with its values written in (`sqlRows`)
 * on every call; prepared, each pooled connection parses it once, and PostgreSQL keeps one plan for it
 * where that is as good as planning with the values (docs/data-access.md#prepared-reads). No `*` of a
 * table: a column added by a migration would change a kept plan's result, which PostgreSQL refuses to
 * run. Its placeholders are question marks, as in `sqlRows`.
 */
export async function sqlRowsPrepared<T extends object = Record<string, unknown>>(sql: string, params: SqlParams = []): Promise<T[]> {
  const name = preparedName(sql);
  if (!name) return sqlRows<T>(sql, params);
  const em = root();
  const connection = em.getConnection();
  const query = connection.getKnex().raw(sql, [...params] as Knex.RawBinding[]);
  query.options({ name });
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) query.transacting(transaction);
  return ((await query) as unknown as { rows: T[] }).rows;
}

/** The first row of a query (undefined when none), on the caller's transaction when there is one. */
export async function sqlOne<T extends object = Record<string, unknown>>(sql: string, params: SqlParams = []): Promise<T | undefined> {
  const [row] = await sqlRows<T>(sql, params);
  return row;
}

/** A write (or any statement whose rows are not wanted), on the caller's transaction when there is one; returns the rows it touched. */
export async function sqlExecute(sql: string, params: SqlParams = []): Promise<number> {
  const result = await root().execute<{ affectedRows: number }>(sql, [...params], "run");
  return result.affectedRows ?? 0;
}

/**
 * A statement on a pool connection of its own, committed at once, never on the caller's transaction:
 * it does not see that transaction's uncommitted rows, and what it writes stays when that transaction
 * rolls back. Only where that is the point (a security event the failing request must not take with
 * it, an import's progress read while its transaction is open). Returns the rows, if any.
 */
export async function sqlOutsideTransaction<T extends object = Record<string, unknown>>(sql: string, params: SqlParams = []): Promise<T[]> {
  return root()
    .getConnection()
    .execute<T[]>(sql, [...params], "all");
}

/** The ORM's knex, for a library that takes one as its store (the sign-in throttle). */
export function poolKnex(): Knex {
  return root().getConnection().getKnex();
}

interface KnexPool {
  acquireConnection(): Promise<pg.PoolClient>;
  releaseConnection(client: pg.PoolClient): Promise<void>;
}

const pool = () => poolKnex().client as unknown as KnexPool;

export interface PgClientOptions {
  /**
   * A dedicated connection, not one of the ORM's pool, named so in pg_stat_activity: for a job that
   * holds it a long time (the import, a mail delivery) without taking a connection requests need.
   */
  applicationName?: string;
}

/** A plain `pg` client (a connection of the ORM's pool, or a dedicated one), always released. No transaction. */
export async function withPgClient<T>(fn: (client: PgClient) => Promise<T>, { applicationName }: PgClientOptions = {}): Promise<T> {
  if (applicationName) {
    const client = new pg.Client({ connectionString: getOrm().config.get("clientUrl"), application_name: applicationName, options: NO_JIT });
    // A terminated backend emits 'error' on the client; the query in flight rejects with it anyway.
    client.on("error", () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => {});
    }
  }
  const client = await pool().acquireConnection();
  try {
    return await fn(client);
  } finally {
    await pool().releaseConnection(client);
  }
}

export interface PgTransactionOptions extends PgClientOptions {
  /** Run on this client (connected, not in a transaction) instead of taking one. */
  client?: PgClient;
}

/**
 * Runs `fn` in a transaction on a raw `pg` client: BEGIN, then COMMIT when `fn` returns or ROLLBACK
 * when it throws (the error is rethrown; a failed COMMIT is rolled back and rethrown too). The client
 * is released afterwards unless the caller passed its own.
 */
export async function withPgTransaction<T>(fn: (client: PgClient) => Promise<T>, { client, ...options }: PgTransactionOptions = {}): Promise<T> {
  if (!client) return withPgClient((own) => withPgTransaction(fn, { client: own }), options);
  await client.query("begin");
  try {
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

export interface PgSnapshot {
  client: PgClient;
  /** Ends the snapshot and gives the connection back; safe to call twice. */
  end(): Promise<void>;
}

export interface PgSnapshotOptions {
  /**
   * A download whose pace the client sets: its connection comes from the small download pool
   * (when the server configured one), never from the pool requests use, so clients that stop
   * reading cannot take the connections other requests need (docs/operations.md#pools-and-timeouts).
   */
  forDownload?: boolean;
}

let downloadPool: pg.Pool | undefined;

/** The download pool, made on first use; null when initOrm was given none (tests, scripts). */
function downloadConnections(): pg.Pool | null {
  if (downloadPool) return downloadPool;
  const { downloadPool: options, timeouts } = getOrmOptions();
  if (!options) return null;
  const pool = new pg.Pool({
    connectionString: getOrm().config.get("clientUrl"),
    max: options.max,
    ...(timeouts ? sessionSettings(timeouts) : {}),
    idle_in_transaction_session_timeout: options.idleInTransactionMs,
    application_name: "land-records-downloads",
  });
  // An idle client whose backend went away (PostgreSQL restarted) emits 'error'; the pool drops it
  // and the next download connects again. Without a listener the process would exit.
  pool.on("error", () => {});
  downloadPool = pool;
  onCloseOrm(async () => {
    downloadPool = undefined;
    await pool.end();
  });
  return pool;
}

/** A connection for a snapshot: the download pool's, or the ORM's; `release(broken)` gives it back. */
async function snapshotConnection(forDownload: boolean): Promise<{ client: PgClient; release(broken: boolean): Promise<void> }> {
  const downloads = forDownload ? downloadConnections() : null;
  if (downloads) {
    const client = await downloads.connect();
    // A checked-out client whose backend is ended between queries (PostgreSQL restarted, its idle
    // transaction timed out) emits 'error'; unheard, that would end the process. It is discarded.
    let failed = false;
    const onError = () => void (failed = true);
    client.on("error", onError);
    return {
      client,
      release: async (broken) => {
        client.off("error", onError);
        client.release(broken || failed);
      },
    };
  }
  const client = await pool().acquireConnection();
  return { client, release: () => pool().releaseConnection(client) };
}

/**
 * A connection in a REPEATABLE READ READ ONLY transaction, held until `end()`: for a download
 * streamed through a cursor that outlives the function that opened it. It writes nothing, so `end()`
 * rolls back; a connection whose rollback fails is discarded.
 */
export async function openPgSnapshot({ forDownload = false }: PgSnapshotOptions = {}): Promise<PgSnapshot> {
  const { client, release } = await snapshotConnection(forDownload);
  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    const broken = await client.query("rollback").then(
      () => false,
      () => true,
    );
    await release(broken);
  };
  try {
    await client.query("begin isolation level repeatable read read only");
  } catch (error) {
    await end();
    throw error;
  }
  return { client, end };
}

/**
 * The `pg` connection under the current ORM transaction (`db().transactional(...)`), or null outside
 * one: for work on that transaction that needs `$n` placeholders (pg-boss's insert, which knex's raw()
 * would not pass through). Knex gives a transaction a client whose acquireConnection always returns the
 * transaction's connection (and whose release does nothing).
 */
export async function transactionPgClient(em: EntityManager = root().getContext(false)): Promise<PgClient | null> {
  if (!em.isInTransaction()) return null;
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) return null;
  return (await (trx.client as unknown as KnexPool).acquireConnection()) as PgClient;
}

/** A session advisory lock's key: one bigint, or two ints (a namespace and an id). */
export type AdvisoryLockKey = number | readonly [number, number];

/**
 * Holds the session advisory lock `key` while `fn` runs, on a dedicated connection, so the lock goes
 * if the process dies. Taken at once or, with `wait`, waited for (`onWait` is told once).
 */
async function underAdvisoryLock<T>(
  key: AdvisoryLockKey,
  fn: () => Promise<T>,
  { applicationName, wait, onWait }: { applicationName: string; wait: boolean; onWait?: () => void },
): Promise<{ ran: true; value: T } | { ran: false }> {
  const values = typeof key === "number" ? [key] : [...key];
  const args = values.map((_, i) => `$${i + 1}`).join(", ");
  return withPgClient(
    async (client) => {
      const { rows } = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${args}) as locked`, values);
      if (!rows[0]?.locked) {
        if (!wait) return { ran: false } as const;
        onWait?.();
        await client.query(`select pg_advisory_lock(${args})`, values);
      }
      try {
        return { ran: true, value: await fn() } as const;
      } finally {
        // Closing the connection would release it too; unlocking first keeps others' wait short.
        await client.query(`select pg_advisory_unlock(${args})`, values).catch(() => {});
      }
    },
    { applicationName },
  );
}

/**
 * Runs `fn` only when this process takes the lock: work that must run on one instance at a time (the
 * object sweep, docs/operations.md#nothing-lost). Another holder means `{ ran: false }` at once, not a wait.
 */
export function withAdvisoryLock<T>(key: AdvisoryLockKey, fn: () => Promise<T>, { applicationName = "advisory-lock" }: PgClientOptions = {}) {
  return underAdvisoryLock(key, fn, { applicationName, wait: false });
}

/** Runs `fn` under the lock, waiting for another holder to let go first (docs/operations.md#several-instances). */
export async function waitForAdvisoryLock<T>(key: AdvisoryLockKey, fn: () => Promise<T>, { applicationName = "advisory-lock", onWait }: PgClientOptions & { onWait?: () => void } = {}): Promise<T> {
  const outcome = await underAdvisoryLock(key, fn, { applicationName, wait: true, onWait });
  if (!outcome.ran) throw new Error("An advisory lock that was waited for was not taken");
  return outcome.value;
}
