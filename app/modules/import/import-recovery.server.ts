/**
 * An import whose worker died mid-run (killed, out of memory, its machine gone) is handed back to the
 * queue within seconds instead of at the pg-boss job's one-hour expiry (docs/operations.md#several-instances).
 *
 * The job holds its import's advisory lock for the whole run and marks the record running only while
 * holding it (import-job.server.ts); its writes are one transaction, so a dead run left nothing behind.
 * An import marked running whose lock nobody holds has no runner. Every process with workers looks for
 * such imports at start and every few seconds: it takes the lock itself (so two that look at once
 * cannot both act, and no job can start the import meanwhile), checks again, puts the record back to
 * queued and has pg-boss retry the job at once. The job applies an import once whatever happens
 * around it: a second delivery finds the record completed.
 */
import type pg from "pg";
import { sqlRows, withPgClient } from "~db/sql.server";
import { jobs } from "~/modules/jobs/boss.server";
import { IMPORT_QUEUE, LOCK_NAMESPACE, importConnectionName } from "./import-job.server";

/** pg-boss 10's own table (pinned in package.json): the job of an import is found by its data. */
const JOB_TABLE = "pgboss.job";

const STOPPED_FOR_GOOD = "The worker running this import stopped, and the import cannot be retried again. Nothing was imported; please start the import again.";

/** Imports marked running with no runner, each handed back to the queue (or failed when out of retries); returns how many were retried. */
export async function recoverStaleImports(): Promise<number> {
  const running = await sqlRows<{ id: number }>("select id from import_record where status = 'running' order by id");
  if (!running.length) return 0;
  // Session locks: on a connection of its own, closed afterwards, never one the pool hands on.
  return withPgClient(
    async (client) => {
      let retried = 0;
      for (const { id } of running) if (await recoverImport(client, id)) retried++;
      return retried;
    },
    { applicationName: "land-records-import-recovery" },
  );
}

async function recoverImport(client: pg.ClientBase, importId: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [LOCK_NAMESPACE, importId]);
  // Its runner holds the lock: alive. (Or another process is recovering it right now.)
  if (!rows[0]?.locked) return false;
  try {
    // Read after taking the lock: a run that just finished has committed its status by now.
    const { rows: states } = await client.query<{ status: string; connected: boolean }>(
      `select status, exists (select 1 from pg_stat_activity where datname = current_database() and application_name = $2) as connected
       from import_record where id = $1`,
      [importId, importConnectionName(importId)],
    );
    const state = states[0];
    // A runner that has opened its connection but not yet taken the lock (a retry refreshing its match keys) is alive too.
    if (state?.status !== "running" || state.connected) return false;
    return await requeue(client, importId);
  } finally {
    await client.query("select pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, importId]);
  }
}

/** Moves the import's job back to the queue; true when it will run again, false when it was failed for good. */
async function requeue(client: pg.ClientBase, importId: number): Promise<boolean> {
  const jobOf = async () =>
    (
      await client.query<{ id: string; state: string }>(
        `select id, state from ${JOB_TABLE} where name = $1 and data->>'importId' = $2 and state in ('created', 'retry', 'active') order by created_on desc limit 1`,
        [IMPORT_QUEUE, String(importId)],
      )
    ).rows[0];
  let job = await jobOf();
  // Still active for pg-boss (it would wait for the expiry): failed now, which retries it while retries remain.
  if (job?.state === "active") {
    await jobs().fail(IMPORT_QUEUE, job.id, { message: "The worker running this import stopped" });
    job = await jobOf();
  }
  if (!job) {
    await client.query("update import_record set status = 'failed', error = $2, finished_at = clock_timestamp() where id = $1 and status = 'running'", [importId, STOPPED_FOR_GOOD]);
    return false;
  }
  // The queue's retry delay is for a database that went away; a dead worker's import can go again at once.
  await client.query(`update ${JOB_TABLE} set start_after = now() where name = $1 and id = $2 and state = 'retry'`, [IMPORT_QUEUE, job.id]);
  await client.query("update import_record set status = 'queued', processed_rows = 0, error = null where id = $1 and status = 'running'", [importId]);
  return true;
}
