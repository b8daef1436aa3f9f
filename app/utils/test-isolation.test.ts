import fs from "node:fs";
import path from "node:path";
import { MOCKS_MODULES } from "../../vitest.config";

/**
 * Unit tests share their workers' modules (vitest.config.ts, `isolate: false`), so a file that replaces
 * a module with vi.mock must be listed to run isolated; otherwise its replacement leaks into later files.
 */
describe("unit test isolation", () => {
  const testFiles = (dir: string): string[] =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => path.join(dir, name));

  it("lists every unit test file that mocks a module, and only those", () => {
    const mocking = [...testFiles("app"), ...testFiles("db")].filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, "utf8"))).sort();
    expect(mocking).toEqual([...MOCKS_MODULES].sort());
  });
});
