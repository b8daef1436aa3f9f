import pg from "pg";
import { getOrm } from "../../db/orm";
import { IMPORT_QUEUE, LOCK_NAMESPACE, importConnectionName } from "../../app/modules/import/import-job.server";
import { recoverStaleImports } from "../../app/modules/import/import-recovery.server";
import { jobs, startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * The recovery of an import whose worker died (docs/operations.md#several-instances), against a real
 * PostgreSQL and pg-boss: a worker that took the job and died is simulated by fetching the job and
 * marking the record running, as the job does, with nobody holding the import's lock.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let other: pg.Client;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true });
  // Enqueue and fetch only: no worker here runs the job (or the recovery) behind the test's back.
  await startJobs(getOrm(), { queues: JOB_QUEUES.filter((q) => q.name === IMPORT_QUEUE), workers: false });
  other = new pg.Client({ connectionString: database.url, application_name: "import-recovery-test" });
  await other.connect();
});

afterAll(async () => {
  await other?.end();
  await stopJobs(1000);
  await database?.drop();
});

/** An import whose job a worker took (active in pg-boss) and whose record the run marked running. */
async function deadRun(): Promise<{ importId: number; jobId: string }> {
  const [project] = await sql<{ id: number; client_id: number }>("select id, client_id from project where name = 'Western Pipeline Stage 2'");
  const [record] = await sql<{ id: number }>(
    `insert into import_record (project_id, client_id, created_by_id, file_name, import_type, status, data_key, mapping, total_rows, processed_rows, attempts, started_at)
     values (?, ?, 'seed-officer', 'rows.csv', 'stakeholders', 'running', 'gone', '{"columns":[],"targets":{}}', 50000, 2000, 1, now()) returning id`,
    [project!.id, project!.client_id],
  );
  const importId = record!.id;
  const jobId = await jobs().send(IMPORT_QUEUE, { importId }, { singletonKey: `recovery-${importId}` });
  const [taken] = await jobs().fetch(IMPORT_QUEUE);
  expect(taken?.id).toBe(jobId);
  return { importId, jobId: jobId! };
}

const jobState = async (jobId: string) => (await jobs().getJobById(IMPORT_QUEUE, jobId))!;
const recordOf = async (importId: number) =>
  (await sql<{ status: string; processed_rows: number; error: string | null }>("select status, processed_rows, error from import_record where id = ?", [importId]))[0]!;

describe("recovering an import whose worker died", () => {
  it("leaves alone an import whose runner holds its lock, or has its connection open", async () => {
    const { importId, jobId } = await deadRun();
    await other.query("select pg_advisory_lock($1, $2)", [LOCK_NAMESPACE, importId]);
    try {
      expect(await recoverStaleImports()).toBe(0);
    } finally {
      await other.query("select pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, importId]);
    }
    // A retry that has opened its connection but not yet taken the lock.
    const runner = new pg.Client({ connectionString: database.url, application_name: importConnectionName(importId) });
    await runner.connect();
    try {
      expect(await recoverStaleImports()).toBe(0);
    } finally {
      await runner.end();
    }
    expect((await jobState(jobId)).state).toBe("active");
    expect((await recordOf(importId)).status).toBe("running");
    // Done with this one: the next cases start from a clean slate.
    await jobs().complete(IMPORT_QUEUE, jobId);
    await sql("update import_record set status = 'failed' where id = ?", [importId]);
  });

  it("hands a dead run's job back to the queue at once, once, when two processes look together", async () => {
    const { importId, jobId } = await deadRun();
    const results = await Promise.all([recoverStaleImports(), recoverStaleImports(), recoverStaleImports()]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    const job = await jobState(jobId);
    expect(job.state).toBe("retry");
    expect(job.retryCount).toBe(0);
    // Due now, not after the queue's retry delay (30 s).
    expect(job.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await recordOf(importId)).toEqual({ status: "queued", processed_rows: 0, error: null });
    // Nothing left to recover: the record is no longer marked running.
    expect(await recoverStaleImports()).toBe(0);

    // The retry is taken (a worker fetches it) and dies too: its retries are used up, so the import fails for good.
    const [again] = await jobs().fetch(IMPORT_QUEUE);
    expect(again?.id).toBe(jobId);
    await sql("update import_record set status = 'running' where id = ?", [importId]);
    expect(await recoverStaleImports()).toBe(0);
    expect((await jobState(jobId)).state).toBe("failed");
    const failed = await recordOf(importId);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^The worker running this import stopped.*Nothing was imported/);
  });

  it("fails an import marked running that has no job left", async () => {
    const { importId, jobId } = await deadRun();
    await jobs().complete(IMPORT_QUEUE, jobId);
    expect(await recoverStaleImports()).toBe(0);
    expect((await recordOf(importId)).status).toBe("failed");
  });
});
