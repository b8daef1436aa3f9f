import { stripVTControlCharacters } from "node:util";
import type { MikroORM } from "@mikro-orm/postgresql";
import { startEmbeddedPostgres } from "~db/embedded-postgres";
import { closeOrm, initOrm, migrateToLatest, withRequestContext, db } from "~db/orm";
import { withSchemaLock } from "~db/schema-lock";
import { seedDemoData } from "~db/seeders/demo-seed";
import type { OrmConfigOptions } from "~db/mikro-orm.config";
import type { DatabaseEnv, Env } from "./env.server";
import { log } from "./log.server";

const dbLog = log.child({ component: "database" });

export interface Database {
  orm: MikroORM;
  close(): Promise<void>;
  /** For a forced exit: the embedded PostgreSQL (if we started it) is told to stop, without waiting. */
  stopNow(): void;
}

/** Logs once that another process is setting the database up and this one waits for it. */
export const logSchemaLockWait = () => dbLog.info("Waiting for another process to finish setting up the database (schema lock)");

const ormLog = log.child({ component: "orm" });
/** MikroORM's messages (LOG_SQL's statements, with placeholders only) as log lines, without terminal colours. */
const ormLogger = (message: string) => ormLog.info(stripVTControlCharacters(message));
const ormWarn = (message: string) => ormLog.warn(stripVTControlCharacters(String(message)));

type PoolEnv = Pick<
  Env,
  | "DATABASE_POOL_SIZE"
  | "DATABASE_STATEMENT_TIMEOUT_MS"
  | "DATABASE_LOCK_TIMEOUT_MS"
  | "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS"
  | "DATABASE_ACQUIRE_TIMEOUT_MS"
  | "DOWNLOAD_SLOTS"
  | "DOWNLOAD_STALL_TIMEOUT_MS"
>;

/** The pools' sizes and the limits on their connections (docs/operations.md#pools-and-timeouts). */
export function poolSettings(env: PoolEnv): Pick<OrmConfigOptions, "poolMax" | "timeouts" | "downloadPool"> {
  return {
    poolMax: env.DATABASE_POOL_SIZE,
    timeouts: {
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
    },
    // One connection per download slot, so a download admitted by the budget never waits for one.
    // PostgreSQL's own cut-off comes a little after the app's, as a backstop.
    downloadPool: { max: env.DOWNLOAD_SLOTS, idleInTransactionMs: env.DOWNLOAD_STALL_TIMEOUT_MS + 30_000 },
  };
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR when none is
 * configured; then, under the schema lock (docs/operations.md#several-instances), applies pending
 * migrations and, for a fresh embedded database, the demo data. Several processes started together
 * wait for each other: the first migrates, the others find nothing to do.
 */
export async function startDatabase(env: DatabaseEnv & { seedDemoData: boolean } & Partial<PoolEnv>): Promise<Database> {
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT, log.child({ component: "postgres" }));
  const clientUrl = env.DATABASE_URL ?? embedded!.url;
  // `npm run migrate` reads the database variables only: no pool limits, so a long migration is not cut off.
  const pools = env.DATABASE_POOL_SIZE === undefined ? {} : poolSettings(env as PoolEnv);
  const orm = await initOrm({ clientUrl, debug: env.LOG_SQL === "true", logger: ormLogger, warn: ormWarn, ...pools });
  const database: Database = {
    orm,
    async close() {
      await closeOrm();
      await embedded?.stop();
    },
    stopNow() {
      embedded?.stopNow();
    },
  };
  try {
    await withSchemaLock(
      async () => {
        const applied = await migrateToLatest();
        if (applied.length) dbLog.info({ migrations: applied }, `Applied ${applied.length} migrations`);
        if (env.seedDemoData) {
          const seeded = await withRequestContext(() => seedDemoData(db()));
          if (seeded) dbLog.info("Seeded the demo clients, projects and accounts");
        }
      },
      { onWait: logSchemaLockWait },
    );
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
