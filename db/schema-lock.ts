/**
 * One process at a time sets the database up: migrations (with the extensions they create), pg-boss's
 * own schema and queues, and the demo data. App servers, workers and `npm run migrate` started together
 * on one database each take this lock and wait for it, so the first applies what is pending and the
 * others find nothing to do (docs/operations.md#several-instances).
 *
 * A session-level advisory lock on a dedicated connection: the work under it runs on other connections
 * (the ORM's pool, pg-boss's), and migrations commit in their own transaction, which a transaction-level
 * lock could not span. A process that dies loses its connection and with it the lock.
 */
import { waitForAdvisoryLock } from "./sql.server";

/** pg_advisory_lock(key1, key2): distinct from the import job's namespace (0x1a7d). */
const SCHEMA_LOCK = [0x1a7c, 1] as const;

export const SCHEMA_LOCK_CONNECTION = "land-records-schema-lock";

export interface SchemaLockOptions {
  /** Called once when another process holds the lock and this one starts waiting. */
  onWait?: () => void;
}

export function withSchemaLock<T>(fn: () => Promise<T>, { onWait }: SchemaLockOptions = {}): Promise<T> {
  return waitForAdvisoryLock(SCHEMA_LOCK, fn, { applicationName: SCHEMA_LOCK_CONNECTION, onWait });
}
