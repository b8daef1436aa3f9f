/**
 * `npm run worker`: a process that runs the background jobs and serves no HTTP. Several of them and
 * several app servers (JOB_WORKERS=false to keep jobs off those) can share one PostgreSQL.
 */
import { startDatabase } from "~/utils/database.server";
import type { Env } from "~/utils/env.server";
import { stopOnSignals } from "~/utils/graceful-shutdown.server";
import { log } from "~/utils/log.server";
import { startJobs } from "./boss.server";
import type { JobQueue } from "./queue";
import { reportJobQueues, serveMetrics } from "~/utils/metrics.server";

export async function runWorkerProcess(env: Env, queues: readonly JobQueue[]): Promise<void> {
  // The embedded PostgreSQL belongs to the app server that started it; a second process must not start it too.
  if (!env.DATABASE_URL) throw new Error("npm run worker needs DATABASE_URL: with the embedded PostgreSQL the app server runs the jobs itself");
  const database = await startDatabase({ ...env, seedDemoData: false });
  const jobs = await startJobs(database.orm, { queues, workers: true });
  log.info({ component: "jobs" }, "Background job worker started");
  // Its job failures and the queues' depth, for Prometheus (docs/operations.md#health-and-metrics).
  reportJobQueues(
    queues.map((queue) => queue.name),
    (name) => jobs.boss.getQueueSize(name),
  );
  if (env.METRICS_PORT) await serveMetrics(env.METRICS_PORT, env.HOST);
  stopOnSignals(
    async () => {
      await jobs.stop();
      await database.close();
    },
    { stopNow: database.stopNow },
  );
}
