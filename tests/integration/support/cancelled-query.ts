import pg from "pg";
import { expect } from "vitest";

/**
 * Runs `start` while a connection of its own holds `table` locked, then cancels the statement that waits
 * for the lock (what an administrator's pg_cancel_backend or a statement timeout does), so the code under
 * test meets a real query failure. Only statements naming the table after FROM are cancelled.
 */
export async function withCancelledQuery<T>(connectionString: string, table: string, start: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString });
  await holder.connect();
  try {
    await holder.query("begin");
    await holder.query(`lock table "${table}" in access exclusive mode`);
    const pending = start();
    const cancelWaiting = async () => {
      // Inside a transaction pg_stat_activity is read once and then repeated: read it afresh each time.
      await holder.query("select pg_stat_clear_snapshot()");
      return (
        await holder.query(
          `select pg_cancel_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ~* $1`,
          [`from\\s+"?${table}"?\\s`],
        )
      ).rowCount;
    };
    await expect.poll(cancelWaiting, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    return await pending;
  } finally {
    await holder.query("rollback").catch(() => {});
    await holder.end();
  }
}
