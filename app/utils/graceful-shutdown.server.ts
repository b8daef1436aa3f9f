import type { Server, ServerResponse } from "node:http";
import { releaseStopSignals } from "~db/embedded-postgres";
import { log } from "./log.server";

/**
 * How the server stops on SIGTERM (docker stop, Kubernetes, systemd) and SIGINT: no new
 * connections, the requests in flight finish (up to a deadline), background work stops, then the
 * database closes and the process exits 0. A load balancer draining this server sees no request
 * cut off, and the embedded PostgreSQL shuts down cleanly instead of being orphaned.
 */

/** Work the server repeats on a timer (the sweeps), which the stop sequence can wait for. */
export interface BackgroundWork {
  /** Clears the timers; resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` after `firstAfterMs`, then every `everyMs`. A run still going when the next is due
 * is not doubled up. The timers do not keep the process alive on their own.
 */
export function repeatInBackground(name: string, task: () => Promise<unknown>, { everyMs, firstAfterMs = everyMs }: { everyMs: number; firstAfterMs?: number }): BackgroundWork {
  let running: Promise<void> | null = null;
  let interval: NodeJS.Timeout | undefined;
  const run = () => {
    if (running) return;
    running = task()
      .then(
        () => {},
        (error) => log.error({ component: "background", task: name, err: error }, "Background task failed"),
      )
      .finally(() => (running = null));
  };
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, everyMs).unref();
  }, firstAfterMs).unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(interval);
      return running ?? Promise.resolve();
    },
  };
}

export interface ShutdownOptions {
  server: Server;
  background: BackgroundWork[];
  /** How long requests in flight and background work may take before they are cut off. */
  timeoutMs: number;
  /** Closes what the requests used (the pool, the embedded PostgreSQL); runs once nothing uses it. */
  close(): Promise<void>;
  log?: Pick<Console, "log" | "warn">;
}

/**
 * Returns the stop sequence for `server`. Call it before the server takes requests: it follows
 * every response so that, once stopping, a keep-alive connection closes as soon as its request is
 * done rather than waiting for the client's next one.
 */
export function createShutdown({ server, background, timeoutMs, close, log = console }: ShutdownOptions): () => Promise<void> {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  server.on("request", (_req, res: ServerResponse) => {
    // A request that arrives on an open keep-alive connection after the signal is still served.
    if (stopping) res.setHeader("connection", "close");
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (stopping) server.closeIdleConnections();
    });
  });

  return async () => {
    stopping = true;
    const deadline = Date.now() + timeoutMs;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    server.closeIdleConnections();
    // Timers stop at once; a sweep already running may finish within the same deadline.
    const backgroundStopped = Promise.all(background.map((work) => work.stop()));

    if (!(await before(deadline, closed))) {
      log.warn(`${inFlight.size} request(s) still running after ${timeoutMs} ms: closing their connections`);
      server.closeAllConnections();
    }
    // The sweeps are idempotent and only remove what is provably unused, so one cut off by the
    // closing pool loses nothing: the next start sweeps again.
    if (!(await before(deadline, backgroundStopped))) log.warn("Background work still running: abandoned");
    await close();
  };
}

/** True if `promise` settles before `deadline` (an epoch time in ms). */
async function before(deadline: number, promise: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `shutdown` on the first SIGTERM or SIGINT and exits 0 when it is done (1 if it failed). A
 * second signal exits at once, after `stopNow` (which must not wait) tells the embedded
 * PostgreSQL to stop so that it does not outlive the process.
 */
export function stopOnSignals(shutdown: () => Promise<void>, { stopNow }: { stopNow(): void }): void {
  // Until now embedded-postgres's handlers stop PostgreSQL and exit on these signals at once,
  // which is right while starting up and wrong while serving.
  releaseStopSignals();
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, "Signal received again: exiting without waiting");
      stopNow();
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, `${signal} received: finishing the requests in flight, then stopping`);
    shutdown().then(
      () => {
        log.info("Stopped");
        process.exit(0);
      },
      (error) => {
        log.error({ err: error }, "Stopping failed");
        stopNow();
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
