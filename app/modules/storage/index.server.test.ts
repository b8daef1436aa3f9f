import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { resetEnvCache } from "~/utils/env.server";
import { getObjectStore, LocalObjectStore, setObjectStore } from "./index.server";

/**
 * The configured store follows the environment: test files share a process (vitest.config.ts), and each
 * sets its own DATA_DIR, so a store kept from the first file's configuration would write into its folder.
 */
const saved = { DATA_DIR: process.env.DATA_DIR, S3_ENDPOINT: process.env.S3_ENDPOINT };
const folders: string[] = [];

function useDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-store-"));
  folders.push(dir);
  process.env.DATA_DIR = dir;
  resetEnvCache();
  return dir;
}

const put = (key: string) => getObjectStore().put(key, Readable.from([Buffer.from("x")]), { contentType: "text/plain", maxBytes: 10 });

beforeEach(() => {
  delete process.env.S3_ENDPOINT;
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  setObjectStore(null);
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe("getObjectStore", () => {
  it("writes under the DATA_DIR of the environment in force, and keeps one store while it lasts", async () => {
    const first = useDataDir();
    const store = getObjectStore();
    expect(getObjectStore()).toBe(store);
    await put("documents/one.txt");
    expect(fs.existsSync(path.join(first, "objects", "documents", "one.txt"))).toBe(true);

    const second = useDataDir();
    await put("documents/two.txt");
    expect(fs.existsSync(path.join(second, "objects", "documents", "two.txt"))).toBe(true);
    expect(fs.existsSync(path.join(first, "objects", "documents", "two.txt"))).toBe(false);
  });

  it("answers with a replacement until it is taken away again", async () => {
    const dir = useDataDir();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "lr-store-"));
    folders.push(elsewhere);
    setObjectStore(new LocalObjectStore(elsewhere));
    await put("documents/three.txt");
    expect(fs.existsSync(path.join(elsewhere, "documents", "three.txt"))).toBe(true);
    setObjectStore(null);
    await put("documents/four.txt");
    expect(fs.existsSync(path.join(dir, "objects", "documents", "four.txt"))).toBe(true);
  });
});
