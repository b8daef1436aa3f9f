import type PgBoss from "pg-boss";

/** Which run of a job this is: pg-boss's counters (retryCount is 0 on the first run). */
export type JobAttempt = Pick<PgBoss.JobWithMetadata, "retryCount" | "retryLimit"> & { id?: string };

export interface JobQueue<Data = unknown> {
  name: string;
  options: Omit<PgBoss.Queue, "name">;
  /** Workers per process: each runs one job at a time. */
  workers: number;
  handle(data: Data, attempt: JobAttempt): Promise<unknown>;
  /**
   * A cron expression (UTC) on which pg-boss enqueues a job with no data: once per tick across every
   * process, whichever runs the clock (docs/architecture.md#background-jobs). The handler must be idempotent.
   */
  cron?: string;
  /** Checks the queue's configuration as jobs start, in every process (throws on a mistake). */
  prepare?(): void;
  /**
   * Hands back to the queue the work of a worker that died mid-job, sooner than the job's expiry; run by
   * every process with workers at start and then every few seconds. Returns how many jobs it retried.
   */
  recover?(): Promise<number>;
}
