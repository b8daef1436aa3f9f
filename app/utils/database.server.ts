import type { MikroORM } from "@mikro-orm/postgresql";
import { startEmbeddedPostgres } from "~db/embedded-postgres";
import { closeOrm, initOrm, migrateToLatest, withRequestContext, db } from "~db/orm";
import { seedDemoData } from "~db/seeders/demo-seed";
import type { OrmConfigOptions } from "~db/mikro-orm.config";
import type { Env } from "./env.server";

export interface Database {
  orm: MikroORM;
  close(): Promise<void>;
  /** For a forced exit: the embedded PostgreSQL (if we started it) is told to stop, without waiting. */
  stopNow(): void;
}

/** The pools' sizes and the limits on their connections (docs/operations.md#pools-and-timeouts). */
export function poolSettings(env: Env): Pick<OrmConfigOptions, "poolMax" | "timeouts" | "downloadPool"> {
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
 * configured; then applies pending migrations and, for a fresh embedded database, the demo data.
 */
export async function startDatabase(env: Env): Promise<Database> {
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT);
  const clientUrl = env.DATABASE_URL ?? embedded!.url;
  const orm = await initOrm({ clientUrl, debug: env.LOG_SQL === "true", ...poolSettings(env) });
  const applied = await migrateToLatest();
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  if (env.seedDemoData) {
    const seeded = await withRequestContext(() => seedDemoData(db()));
    if (seeded) console.log("Seeded the demo clients, projects and accounts");
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
