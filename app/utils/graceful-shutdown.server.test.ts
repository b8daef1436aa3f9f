import http from "node:http";
import type { AddressInfo } from "node:net";
import { createShutdown, repeatInBackground } from "./graceful-shutdown.server";
import { log } from "./log.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose /slow (headers sent) and /late (nothing sent) requests wait until the test releases them; keep-alive far longer than any test. */
async function startServer({ timeoutMs = 2_000 } = {}) {
  const releases: Array<() => void> = [];
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    if (req.url === "/slow") {
      res.write("started ");
      releases.push(() => res.end("finished"));
    } else if (req.url === "/late") releases.push(() => res.end("late"));
    else res.end("fast");
  });
  const events: string[] = [];
  const shutdown = createShutdown({ server, background: [], timeoutMs, close: async () => void events.push("closed"), log: { log() {}, warn: (m: string) => void events.push(m) } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  const get = (path: string) =>
    new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, agent }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
          res.on("error", reject);
        })
        .on("error", reject);
    });
  const waitForSlow = async (count: number) => {
    while (releases.length < count) await sleep(5);
  };
  return { server, shutdown, get, agent, events, releases, waitForSlow };
}

describe("createShutdown", () => {
  it("refuses new connections, lets a request in flight finish, closes keep-alive connections, then closes resources", async () => {
    const { shutdown, get, agent, events, releases, waitForSlow } = await startServer();
    await get("/fast"); // leaves an idle keep-alive connection in the agent
    const slow = get("/slow");
    await waitForSlow(1);

    const started = Date.now();
    const stopped = shutdown().then(() => events.push("stopped"));
    await expect(get("/fast")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await sleep(100);
    expect(events).toEqual([]); // still waiting for the slow request

    releases[0]!();
    expect(await slow).toMatchObject({ status: 200, body: "started finished" });
    await stopped;
    // The keep-alive connections were closed rather than left until their 60 s timeout.
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(events).toEqual(["closed", "stopped"]);
    agent.destroy();
  });

  it("asks a client to close its connection when its response starts after the signal", async () => {
    const { shutdown, get, agent, releases, waitForSlow } = await startServer();
    const late = get("/late");
    await waitForSlow(1);
    const stopped = shutdown();
    releases[0]!();
    expect(await late).toEqual({ status: 200, body: "late", connection: "close" });
    await stopped;
    agent.destroy();
  });

  it("cuts off what is still running at the deadline and closes anyway", async () => {
    const { shutdown, get, agent, events, waitForSlow } = await startServer({ timeoutMs: 500 });
    const slow = get("/slow").catch((error: NodeJS.ErrnoException) => error.code);
    await waitForSlow(1);
    const started = Date.now();
    await shutdown();
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(await slow).toBe("ECONNRESET");
    expect(events).toEqual(["1 request(s) still running after 500 ms: closing their connections", "closed"]);
    agent.destroy();
  });

  it("waits for background work in progress before closing", async () => {
    const server = http.createServer();
    const events: string[] = [];
    let finishRun!: () => void;
    const work = repeatInBackground("Test sweep", () => new Promise<void>((resolve) => (finishRun = () => (events.push("sweep finished"), resolve()))), { firstAfterMs: 1, everyMs: 60_000 });
    const shutdown = createShutdown({ server, background: [work], timeoutMs: 2_000, close: async () => void events.push("closed") });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    await sleep(20); // the first run has started and is waiting
    const stopped = shutdown();
    await sleep(50);
    expect(events).toEqual([]);
    finishRun();
    await stopped;
    expect(events).toEqual(["sweep finished", "closed"]);
  });
});

describe("repeatInBackground", () => {
  it("repeats, never runs twice at once, logs failures, and runs no more once stopped", async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const work = repeatInBackground(
      "Test sweep",
      async () => {
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await sleep(25);
        concurrent--;
        throw new Error("store unreachable");
      },
      { firstAfterMs: 1, everyMs: 5 },
    );
    await sleep(120);
    await work.stop();
    const runsAtStop = runs;
    await sleep(50);
    expect(runsAtStop).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(runsAtStop);
    expect(maxConcurrent).toBe(1);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ task: "Test sweep", err: expect.any(Error) }), "Background task failed");
    errors.mockRestore();
  });
});
