import fs from "node:fs";
import path from "node:path";
import { MOCKS_MODULES } from "../../vitest.config";

/**
 * Unit and integration tests share their workers' modules (vitest.config.ts, `isolate: false`), so a unit
 * file that replaces a module with vi.mock must be listed to run isolated, and an integration file must use
 * spies it restores instead; otherwise the replacement leaks into later files.
 */
describe("unit test isolation", () => {
  const testFiles = (dir: string): string[] =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => path.join(dir, name));

  const mocking = (files: string[]) => files.filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, "utf8"))).sort();

  it("lists every unit test file that mocks a module, and only those", () => {
    expect(mocking([...testFiles("app"), ...testFiles("db")])).toEqual([...MOCKS_MODULES].sort());
  });

  it("has no integration test file mock a module (they all share their worker's modules)", () => {
    expect(mocking(testFiles("tests/integration"))).toEqual([]);
  });
});
