import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CappedLog } from "./capped-log";

describe("CappedLog", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-capped-log-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("appends to what an earlier process wrote, one line per write", () => {
    const file = path.join(dir, "postgres.log");
    fs.writeFileSync(file, "before\n");
    const log = new CappedLog(file, 1000);
    log.write("first");
    log.write("second\n");
    log.close();
    expect(fs.readFileSync(file, "utf8")).toBe("before\nfirst\nsecond\n");
  });

  it("starts a new file past the cap and keeps only the previous one", () => {
    const file = path.join(dir, "postgres.log");
    const log = new CappedLog(file, 25);
    for (let i = 0; i < 10; i++) log.write(`line ${i} of ten`);
    log.close();
    expect(fs.readFileSync(file, "utf8")).toBe("line 9 of ten\n");
    expect(fs.readFileSync(`${file}.1`, "utf8")).toBe("line 8 of ten\n");
    expect(fs.readdirSync(dir).sort()).toEqual(["postgres.log", "postgres.log.1"]);
    for (const name of fs.readdirSync(dir)) expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(25);
  });
});
