import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PASSWORD_FILE, POSTGRES_LOG_FILE, startEmbeddedPostgres, type RunningPostgres } from "../../db/embedded-postgres";
import { freePort } from "./support/ports";

/**
 * The embedded PostgreSQL's own data folder: private, a random superuser password kept beside the
 * cluster and reused on restart, and a cluster from before (password "postgres") moved to a random one.
 */

async function connects(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const withPassword = (url: string, password: string) => {
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
};
const mode = (file: string) => fs.statSync(file).mode & 0o777;

let dataDir: string;
let running: RunningPostgres | undefined;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-embedded-pg-"));
});

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("creates a private data folder with a random password, reuses it on restart, and replaces the old fixed password", { timeout: 90_000 }, async () => {
    const port = await freePort();
    running = await startEmbeddedPostgres(dataDir, port);
    const passwordPath = path.join(dataDir, PASSWORD_FILE);
    const password = fs.readFileSync(passwordPath, "utf8").trim();
    expect(password).toMatch(/^[\w-]{43}$/);
    expect(mode(passwordPath)).toBe(0o600);
    // As root the "postgres" OS user must pass through the folder to its cluster, but not list it.
    expect(mode(dataDir)).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
    expect(mode(path.join(dataDir, "postgres"))).toBe(0o700);
    expect(new URL(running.url).password).toBe(encodeURIComponent(password));
    expect(await connects(running.url)).toBe(true);
    expect(await connects(withPassword(running.url, "postgres"))).toBe(false);

    await running.stop();
    running = await startEmbeddedPostgres(dataDir, port);
    expect(fs.readFileSync(passwordPath, "utf8").trim()).toBe(password);
    expect(await connects(running.url)).toBe(true);

    // A data folder from before: password "postgres" and no password file.
    const admin = new pg.Client({ connectionString: running.url });
    await admin.connect();
    await admin.query("alter user postgres with password 'postgres'");
    await admin.end();
    await running.stop();
    fs.rmSync(passwordPath);

    running = await startEmbeddedPostgres(dataDir, port);
    const replaced = fs.readFileSync(passwordPath, "utf8").trim();
    expect(replaced).not.toBe(password);
    expect(replaced).toMatch(/^[\w-]{43}$/);
    expect(mode(passwordPath)).toBe(0o600);
    expect(fs.existsSync(`${passwordPath}.next`)).toBe(false);
    expect(await connects(running.url)).toBe(true);
    expect(await connects(withPassword(running.url, "postgres"))).toBe(false);
  });

  it("keeps PostgreSQL's log in the data folder across restarts, without the values of a failed statement", { timeout: 90_000 }, async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lr-embedded-pg-log-"));
    const port = await freePort();
    const notices: string[] = [];
    const notify = { info: (message: string) => notices.push(message), warn: (message: string) => notices.push(message) };
    let cluster: RunningPostgres | undefined;
    try {
      cluster = await startEmbeddedPostgres(folder, port, notify);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query("create table contact (email text unique)");
      await client.query("insert into contact values ('ellis.fixture@example.com')");
      const refused = await client.query("insert into contact values ($1)", ["ellis.fixture@example.com"]).catch((error: Error & { detail?: string }) => error);
      await client.end();
      // The client still gets the detail; the log file must not.
      expect((refused as { detail?: string }).detail).toContain("ellis.fixture@example.com");
      await cluster.stop();
      cluster = await startEmbeddedPostgres(folder, port, notify);
      await cluster.stop();
      cluster = undefined;

      const logFile = path.join(folder, POSTGRES_LOG_FILE);
      const text = fs.readFileSync(logFile, "utf8");
      expect(text.match(/database system is ready to accept connections/g)).toHaveLength(2);
      expect(text).toMatch(/ERROR: +duplicate key value violates unique constraint "contact_email_key"/);
      expect(text).not.toContain("ellis.fixture@example.com");
      expect(mode(logFile)).toBe(0o600);
      expect(notices).toContain(`PostgreSQL's log is kept in ${logFile}`);
    } finally {
      await cluster?.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
