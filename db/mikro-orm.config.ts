import { defineConfig } from "@mikro-orm/postgresql";
import { Migrator } from "@mikro-orm/migrations";
import { SeedManager } from "@mikro-orm/seeder";
import { allEntities } from "./entities/index";
import { migrationsList } from "./migrations/index";

export interface OrmConfigOptions {
  clientUrl: string;
  /** Log every SQL statement (LOG_SQL), without its parameters. */
  debug?: boolean;
  poolMax?: number;
  /** Where the SQL log goes; console by default. */
  logger?: (message: string) => void;
  /** Where the query builder's warnings go (a pooled connection that broke); console by default. */
  warn?: (message: string) => void;
  /** The server's limits on every pooled connection (docs/operations.md#pools-and-timeouts); none for tests and scripts. */
  timeouts?: DatabaseTimeouts;
  /** Connections for long downloads, apart from the pool requests use (docs/operations.md#pools-and-timeouts). */
  downloadPool?: DownloadPoolOptions;
}

export interface DatabaseTimeouts {
  /** PostgreSQL's statement_timeout: no one statement runs longer. */
  statementMs: number;
  /** PostgreSQL's lock_timeout: no statement waits longer for a lock. */
  lockMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left idle this long is ended with its session. */
  idleInTransactionMs: number;
  /** How long a request waits for a pooled connection, or for a new one to connect, before it fails. */
  acquireMs: number;
}

export interface DownloadPoolOptions {
  max: number;
  /** PostgreSQL ends a download's transaction left idle this long (the app cuts a stalled download first). */
  idleInTransactionMs: number;
}

/**
 * No JIT compilation, on every connection the app opens: its statements are short, or stream (exports,
 * dumps), and PostgreSQL's cost estimate for 50,000 lateral subqueries passes JIT's threshold. Where
 * PostgreSQL has LLVM (the embedded one has not), compiling took 0.4 s of a 1.2 s property export
 * (docs/operations.md#pools-and-timeouts). A startup parameter, so it holds from the first statement.
 */
export const NO_JIT = "-c jit=off";

/** Connection settings PostgreSQL applies to a session from its start (pg's startup parameters). */
export function sessionSettings(timeouts: DatabaseTimeouts) {
  return {
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    options: NO_JIT,
    connectionTimeoutMillis: timeouts.acquireMs,
    // A peer that vanished (a restarted host, a dropped NAT entry) is noticed instead of waited on.
    keepAlive: true,
  };
}

/**
 * One configuration for the server, the tests and the migration scripts. Migrations are passed
 * as classes (not a glob) because the built server cannot load .ts files at run time.
 */
export function createOrmConfig({ clientUrl, debug = false, poolMax = 10, logger, warn, timeouts }: OrmConfigOptions) {
  return defineConfig({
    clientUrl,
    entities: allEntities,
    // "query" without "query-params": statements are logged with their placeholders, never the
    // values bound to them (session ids, sign-in codes, personal data).
    debug: debug ? ["query"] : false,
    ...(logger ? { logger } : {}),
    // On a failed query the query builder puts the SQL in the error's message; by default with the
    // bound values written in (names, e-mail addresses), which then reach whatever logs the error.
    // Placeholders only (docs/operations.md#logs).
    // With timeouts, every pooled connection gets the server's limits (docs/operations.md#pools-and-timeouts).
    driverOptions: {
      compileSqlOnError: false,
      ...(warn ? { log: { warn, error: warn, deprecate: warn, debug: () => {} } } : {}),
      ...(timeouts ? { connection: { ...sessionSettings(timeouts), application_name: "land-records" } } : {}),
    },
    // Every read and write must happen inside a request context (server.ts) or an explicit fork.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // With timeouts, a request that cannot get a connection (the pool busy, PostgreSQL gone) fails
    // after acquireMs instead of hanging (docs/operations.md#pools-and-timeouts).
    pool: { min: 0, max: poolMax, ...(timeouts ? { acquireTimeoutMillis: timeouts.acquireMs, createTimeoutMillis: timeouts.acquireMs, propagateCreateError: true } : {}) },
    extensions: [Migrator, SeedManager],
    migrations: {
      migrationsList,
      path: "db/migrations",
      pathTs: "db/migrations",
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: "ts",
    },
    discovery: { warnWhenNoEntities: true },
  });
}
