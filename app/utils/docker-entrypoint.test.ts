import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The image's entrypoint (deploy/docker-entrypoint.sh) maps its three commands to the server's
 * processes (docs/operations.md#deployment); compose.yaml and the README rely on these names. Run
 * with a stand-in `node` that prints what it was started with.
 */
const SCRIPT = join(__dirname, "..", "..", "deploy", "docker-entrypoint.sh");
let bin: string;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), "entrypoint-"));
  writeFileSync(join(bin, "node"), '#!/bin/sh\necho "node $*"\n');
  chmodSync(join(bin, "node"), 0o755);
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const run = (...args: string[]) => execFileSync("sh", [SCRIPT, ...args], { encoding: "utf8", env: { NODE_ENV: "test", PATH: `${bin}:/usr/bin:/bin` } }).trim();

describe("docker-entrypoint", () => {
  it("is executable", () => {
    expect(statSync(SCRIPT).mode & 0o111).toBe(0o111);
  });

  it("serves the web app by default and for `web`, with --expose-gc", () => {
    expect(run()).toBe("node --expose-gc build/index.js");
    expect(run("web")).toBe("node --expose-gc build/index.js");
  });

  it("runs the worker and the migrations as their own processes, passing further arguments on", () => {
    expect(run("worker")).toBe("node --expose-gc build/index.js --worker");
    expect(run("migrate")).toBe("node build/index.js --migrate");
    expect(run("web", "--trace-warnings")).toBe("node --expose-gc build/index.js --trace-warnings");
  });

  it("runs any other command as given", () => {
    expect(run("echo", "as", "given")).toBe("as given");
    expect(run("node", "--version")).toBe("node --version");
  });
});
