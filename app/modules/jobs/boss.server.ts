/**
 * Background jobs on the app's own PostgreSQL with pg-boss 10 (docs/architecture.md#background-jobs, docs/decisions.md#stack-versions-and-traps): one PgBoss per process,
 * started on the same connection string as the ORM (DATABASE_URL or the embedded PostgreSQL), so any
 * number of app servers and `npm run worker` processes share one queue. pg-boss keeps its tables in
 * the `pgboss` schema, which it creates and migrates itself.
 *
 * Workers run inside the app process unless JOB_WORKERS=false; then only `npm run worker` runs them.
 * Enqueueing works either way.
 */
import PgBoss from "pg-boss";
import type pg from "pg";
import type { MikroORM } from "@mikro-orm/postgresql";
import { withSchemaLock } from "~db/schema-lock";
import { logSchemaLockWait } from "~/utils/database.server";
import { repeatInBackground, type BackgroundWork } from "~/utils/graceful-shutdown.server";
import { log } from "~/utils/log.server";
import type { JobQueue } from "./queue";
import { countJobFailure } from "~/utils/metrics.server";

const jobsLog = log.child({ component: "jobs" });

let boss: PgBoss | null = null;
let recovery: BackgroundWork | null = null;

export interface JobsHandle extends BackgroundWork {
  boss: PgBoss;
}

export interface StartJobsOptions {
  /** The app's queues (app/queues.server.ts). */
  queues: readonly JobQueue[];
  /** Register this process's workers (false: enqueue only). */
  workers: boolean;
  /** Per-queue overrides (tests shorten the retry delay). */
  queueOverrides?: Partial<Record<string, Partial<PgBoss.Queue>>>;
  /** How often an idle worker looks for a job; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /** On stop, how long a job in progress may go on before pg-boss fails it (it is retried later). */
  stopTimeoutMs?: number;
  /** How often a process with workers looks for jobs whose worker died (each queue's `recover`). */
  recoverEveryMs?: number;
}

/** Starts pg-boss on the ORM's database, creates the queues, and (with `workers`) registers their workers. */
export async function startJobs(
  orm: MikroORM,
  { queues, workers, queueOverrides = {}, pollingIntervalSeconds = 1, stopTimeoutMs = 8000, recoverEveryMs = 15_000 }: StartJobsOptions,
): Promise<JobsHandle> {
  if (boss) throw new Error("Background jobs are already started in this process");
  const instance = new PgBoss({
    connectionString: orm.config.get("clientUrl"),
    application_name: "land-records-jobs",
    max: 3,
    // Cron schedules (a queue's `cron`): every process keeps the clock, and pg-boss lets one of them
    // enqueue each tick, so a schedule works with one app server or with separate workers.
    schedule: queues.some((queue) => queue.cron),
  });
  instance.on("error", (error) => jobsLog.error({ err: { message: error instanceof Error ? error.message : String(error) } }, "Background jobs error"));
  try {
    // pg-boss creates or migrates its schema in start(), and processes started together create the same
    // queues: one at a time, under the lock migrations take (docs/operations.md#several-instances).
    await withSchemaLock(
      async () => {
        await instance.start();
        boss = instance;
        for (const queue of queues) queue.prepare?.();
        for (const queue of queues) await ensureQueue(instance, { ...queue.options, ...queueOverrides[queue.name], name: queue.name });
        for (const queue of queues) if (queue.cron) await instance.schedule(queue.name, queue.cron);
      },
      { onWait: logSchemaLockWait },
    );
    if (workers) {
      for (const queue of queues) await startWorkers(instance, queue, pollingIntervalSeconds);
      recovery = startRecovery(queues, recoverEveryMs);
    }
  } catch (error) {
    await stopJobs();
    throw error;
  }
  return { boss: instance, stop: () => stopJobs(stopTimeoutMs) };
}

/** Each queue's `recover`, at once and then every `everyMs` (docs/operations.md#several-instances). */
function startRecovery(queues: readonly JobQueue[], everyMs: number): BackgroundWork | null {
  const recovering = queues.filter((queue) => queue.recover);
  if (!recovering.length) return null;
  return repeatInBackground(
    "Job recovery",
    async () => {
      for (const queue of recovering) {
        const retried = await queue.recover!();
        if (retried) jobsLog.warn({ queue: queue.name, retried }, "Retried jobs whose worker stopped mid-job");
      }
    },
    { firstAfterMs: 0, everyMs },
  );
}

/** Creates the queue, or brings an existing one to these options (a second server may race us). */
async function ensureQueue(instance: PgBoss, options: PgBoss.Queue) {
  if (!(await instance.getQueue(options.name))) {
    try {
      await instance.createQueue(options.name, options);
      return;
    } catch (error) {
      if (!(await instance.getQueue(options.name))) throw error;
    }
  }
  await instance.updateQueue(options.name, options);
}

async function startWorkers(instance: PgBoss, queue: JobQueue, pollingIntervalSeconds: number) {
  for (let i = 0; i < queue.workers; i++) {
    await instance.work(queue.name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) =>
      job ? countJobFailure(queue.name, () => queue.handle(job.data as never, job)) : undefined,
    );
  }
}

/**
 * Stops taking jobs, lets a job in progress finish for a while, then closes pg-boss's pool. A job cut
 * off here is failed by pg-boss and retried by the next worker (the import job applies once).
 */
export async function stopJobs(timeoutMs = 8000): Promise<void> {
  const looking = recovery;
  recovery = null;
  await looking?.stop();
  const instance = boss;
  if (!instance) return;
  boss = null;
  await instance.stop({ graceful: true, wait: true, timeout: Math.max(1000, timeoutMs) });
}

export function jobs(): PgBoss {
  if (!boss) throw new Error("Background jobs are not started: call startJobs() first");
  return boss;
}

/** pg-boss's `db` option for a raw pg connection, so `send()` joins the caller's transaction. */
export function inTransaction(client: pg.ClientBase): PgBoss.Db {
  return { executeSql: (text, values) => client.query(text, values) };
}
