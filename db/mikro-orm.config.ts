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
}

/**
 * One configuration for the server, the tests and the migration scripts. Migrations are passed
 * as classes (not a glob) because the built server cannot load .ts files at run time.
 */
export function createOrmConfig({ clientUrl, debug = false, poolMax = 10, logger, warn }: OrmConfigOptions) {
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
    driverOptions: { compileSqlOnError: false, ...(warn ? { log: { warn, error: warn, deprecate: warn, debug: () => {} } } : {}) },
    // Every read and write must happen inside a request context (server.ts) or an explicit fork.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: poolMax },
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
