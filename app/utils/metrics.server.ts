import crypto from "node:crypto";
import http from "node:http";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { poolKnex } from "~db/sql.server";
import { log } from "./log.server";

/**
 * Prometheus metrics (docs/operations.md#health-and-metrics): request durations by route pattern,
 * the database pool, job queue depth, job and mail failures, and Node's own (heap, event-loop lag).
 * Labels are patterns, statuses and queue names only: no id, URL or user appears in a label.
 * Served on METRICS_PORT (a listener of its own, for the app server and `npm run worker`) and/or at
 * /metrics on the app's port with `Authorization: Bearer METRICS_TOKEN`.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its response's end, by method, route pattern and status",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ method, route, status_code: String(status) }, seconds);
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

new Gauge({
  name: "db_pool_connections",
  help: "Connections of the ORM's PostgreSQL pool: in use, idle, and requests waiting for one",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  collect() {
    let pool: TarnPool | undefined;
    try {
      pool = (poolKnex().client as { pool?: TarnPool }).pool;
    } catch {
      // The ORM is not started (yet): nothing to report.
    }
    if (!pool) return;
    this.set({ state: "used" }, pool.numUsed());
    this.set({ state: "idle" }, pool.numFree());
    this.set({ state: "waiting" }, pool.numPendingAcquires());
  },
});

let queueDepth: { names: readonly string[]; size: (name: string) => Promise<number> } | null = null;

/** The job queues to report, and how to count a queue's waiting jobs (pg-boss's getQueueSize). */
export function reportJobQueues(names: readonly string[], size: (name: string) => Promise<number>): void {
  queueDepth = { names, size };
}

new Gauge({
  name: "job_queue_depth",
  help: "Jobs waiting to run (created or waiting to be retried), per queue",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!queueDepth) return;
    const { names, size } = queueDepth;
    await Promise.all(
      names.map(async (queue) => {
        try {
          // A database that does not answer must not hold the scrape past Prometheus's own timeout.
          let timer: NodeJS.Timeout | undefined;
          const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer within 2000 ms")), 2000)));
          this.set({ queue }, await Promise.race([size(queue), limit]).finally(() => clearTimeout(timer)));
        } catch (error) {
          // No figure rather than the last one: a stale depth would look healthy.
          this.remove({ queue });
          log.warn({ component: "metrics", queue, err: error }, "Could not count a job queue");
        }
      }),
    );
  },
});

const jobFailures = new Counter({
  name: "job_failures_total",
  help: "Job attempts that ended in an error (pg-boss retries them up to the queue's limit), per queue",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
});

/** Runs one job attempt, counting it when it throws (the error goes on to pg-boss). */
export async function countJobFailure<T>(queue: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    jobFailures.inc({ queue });
    throw error;
  }
}

const mailFailures = new Counter({
  name: "mail_failures_total",
  help: "Mail deliveries that failed: retry (will be tried again), failed (last try) or refused (permanent)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export function countMailFailure(outcome: "retry" | "failed" | "refused"): void {
  mailFailures.inc({ outcome });
}

async function answer(res: http.ServerResponse | import("express").Response) {
  try {
    const body = await metricsRegistry.metrics();
    res.writeHead(200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
    res.end(body);
  } catch (error) {
    log.error({ component: "metrics", err: error }, "Metrics could not be collected");
    res.writeHead(500).end();
  }
}

const sameSecret = (given: string, expected: string) => {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** GET /metrics on the app's port: only with `Authorization: Bearer <token>`, 401 otherwise. */
export function metricsRoute(token: string): RequestHandler {
  return (req, res) => {
    const given = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (!given || !sameSecret(given, token)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"').status(401).json({ message: "Unauthorized" });
      return;
    }
    void answer(res);
  };
}

/** A listener of its own for Prometheus (GET /metrics), apart from the app's port; closed with the process. */
export function serveMetrics(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url?.split("?")[0] === "/metrics") return void answer(res);
    res.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      // The metrics listener never keeps the process alive on its own.
      server.unref();
      log.info({ component: "metrics", port }, "Metrics served on their own port");
      resolve(server);
    });
  });
}
