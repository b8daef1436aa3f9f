import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Env } from "./env.server";
import { deriveSecret, getSessionSecret } from "./secrets.server";

const envWith = (dataDir: string, SESSION_SECRET?: string) => ({ dataDir, SESSION_SECRET }) as unknown as Env;

describe("the session secret", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-secret-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("is created once under DATA_DIR, private, and read back by a later environment (a restart)", () => {
    const first = getSessionSecret(envWith(dataDir));
    expect(first).toMatch(/^[0-9a-f]{96}$/);
    expect(fs.statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
    expect(getSessionSecret(envWith(dataDir))).toBe(first);
  });

  it("is read from its file once per environment, not on every request that asks for it", () => {
    const env = envWith(dataDir);
    const secret = getSessionSecret(env);
    const reads = vi.spyOn(fs, "readFileSync");
    const checks = vi.spyOn(fs, "existsSync");
    try {
      for (let i = 0; i < 5; i++) expect(getSessionSecret(env)).toBe(secret);
      expect(deriveSecret(env, "a")).toBe(deriveSecret(env, "a"));
      expect(reads).not.toHaveBeenCalled();
      expect(checks).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      checks.mockRestore();
    }
  });

  it("is SESSION_SECRET when configured, without touching DATA_DIR", () => {
    expect(getSessionSecret(envWith(dataDir, "configured-secret"))).toBe("configured-secret");
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
    expect(deriveSecret(envWith(dataDir, "configured-secret"), "p")).not.toBe(deriveSecret(envWith(dataDir, "other"), "p"));
  });
});
