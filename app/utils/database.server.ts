import { stripVTControlCharacters } from "node:util";
import type { MikroORM } from "@mikro-orm/postgresql";
import { startEmbeddedPostgres } from "~db/embedded-postgres";
import { closeOrm, initOrm, migrateToLatest, withRequestContext, db } from "~db/orm";
import { withSchemaLock } from "~db/schema-lock";
import { seedDemoData } from "~db/seeders/demo-seed";
import type { DatabaseEnv } from "./env.server";
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

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR when none is
 * configured; then, under the schema lock (docs/operations.md#several-instances), applies pending
 * migrations and, for a fresh embedded database, the demo data. Several processes started together
 * wait for each other: the first migrates, the others find nothing to do.
 */
export async function startDatabase(env: DatabaseEnv & { seedDemoData: boolean }): Promise<Database> {
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT, log.child({ component: "postgres" }));
  const clientUrl = env.DATABASE_URL ?? embedded!.url;
  const orm = await initOrm({ clientUrl, debug: env.LOG_SQL === "true", logger: ormLogger, warn: ormWarn });
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
