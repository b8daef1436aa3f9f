import { log } from "./log.server";
import { countJobFailure, countMailFailure, metricsRegistry, reportJobQueues } from "./metrics.server";

describe("metrics", () => {
  it("counts a job attempt that throws, passes the error on, and leaves a successful one uncounted", async () => {
    await expect(countJobFailure("import-commit", async () => "done")).resolves.toBe("done");
    const failure = new Error("lost connection");
    await expect(countJobFailure("import-commit", async () => Promise.reject(failure))).rejects.toBe(failure);
    countMailFailure("retry");
    countMailFailure("retry");
    countMailFailure("refused");
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/job_failures_total\{queue="import-commit"\} 1\n/);
    expect(text).toMatch(/mail_failures_total\{outcome="retry"\} 2\n/);
    expect(text).toMatch(/mail_failures_total\{outcome="refused"\} 1\n/);
  });

  it("reports each queue's depth, and still answers when a queue cannot be counted", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    let mailQueueAnswers = true;
    reportJobQueues(["import-commit", "mail-send"], async (name) => {
      if (name === "mail-send" && !mailQueueAnswers) throw new Error("database unavailable");
      return name === "mail-send" ? 2 : 4;
    });
    expect(await metricsRegistry.metrics()).toMatch(/job_queue_depth\{queue="mail-send"\} 2\n/);
    mailQueueAnswers = false;
    const text = await metricsRegistry.metrics();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(text).toMatch(/job_queue_depth\{queue="import-commit"\} 4\n/);
    expect(text).not.toMatch(/job_queue_depth\{queue="mail-send"\}/);
    // No ORM in this process: the pool gauge has no series rather than failing the scrape.
    expect(text).not.toMatch(/db_pool_connections\{/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds /);
  });
});
