/**
 * `npm run migrate` (`node build/index.js --migrate`): applies pending migrations under the schema lock,
 * as every app server and worker does at start, and exits 0 when the database is up to date, or 1 with a
 * plain message saying why not (docs/operations.md#several-instances). It needs only the database
 * settings (DATABASE_URL, or DATA_DIR for the embedded PostgreSQL), not the sign-in or instance ones.
 */
import { startDatabase, type Database } from "./database.server";
import { getDatabaseEnv } from "./env.server";
import { log } from "./log.server";

export async function runMigrateCommand(): Promise<never> {
  let database: Database | undefined;
  let code = 0;
  try {
    database = await startDatabase({ ...getDatabaseEnv(), seedDemoData: false });
    log.info({ component: "database" }, "The database is up to date");
  } catch (error) {
    code = 1;
    const message = error instanceof Error ? error.message : String(error);
    // A line for the person at the terminal or the deploy log; the migration ran in one transaction, so nothing is half-applied.
    process.stderr.write(`Migrations failed; nothing was changed: ${message}\n`);
  }
  await database?.close().catch(() => {});
  // The server bundle imports every module; an exit does not wait for anything they may have scheduled.
  process.exit(code);
}
