import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PASSWORD_FILE, startEmbeddedPostgres, type RunningPostgres } from "../../db/embedded-postgres";
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
});
