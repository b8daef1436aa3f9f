import { stripVTControlCharacters } from "node:util";
import type { MikroORM } from "@mikro-orm/postgresql";
import { startEmbeddedPostgres } from "~db/embedded-postgres";
import { closeOrm, initOrm, migrateToLatest, withRequestContext, db } from "~db/orm";
import { seedDemoData } from "~db/seeders/demo-seed";
import type { Env } from "./env.server";
import { log } from "./log.server";

export interface Database {
  orm: MikroORM;
  close(): Promise<void>;
  /** For a forced exit: the embedded PostgreSQL (if we started it) is told to stop, without waiting. */
  stopNow(): void;
}

const ormLog = log.child({ component: "orm" });
/** MikroORM's messages (LOG_SQL's statements, with placeholders only) as log lines, without terminal colours. */
const ormLogger = (message: string) => ormLog.info(stripVTControlCharacters(message));
const ormWarn = (message: string) => ormLog.warn(stripVTControlCharacters(String(message)));

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR when none is
 * configured; then applies pending migrations and, for a fresh embedded database, the demo data.
 */
export async function startDatabase(env: Env): Promise<Database> {
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT, log.child({ component: "postgres" }));
  const clientUrl = env.DATABASE_URL ?? embedded!.url;
  const orm = await initOrm({ clientUrl, debug: env.LOG_SQL === "true", logger: ormLogger, warn: ormWarn });
  const applied = await migrateToLatest();
  if (applied.length) log.info({ component: "database", migrations: applied }, "Applied migrations");
  if (env.seedDemoData) {
    const seeded = await withRequestContext(() => seedDemoData(db()));
    if (seeded) log.info({ component: "database" }, "Seeded the demo clients, projects and accounts");
  }
  return {
    orm,
    async close() {
      await closeOrm();
      await embedded?.stop();
    },
    stopNow() {
      embedded?.stopNow();
    },
  };
}
