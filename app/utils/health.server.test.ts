import { checkReadiness } from "./health.server";
import { log } from "./log.server";

describe("checkReadiness", () => {
  beforeEach(() => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("is ready when every check answers", async () => {
    expect(await checkReadiness({ database: async () => [{ 1: 1 }], objectStore: async () => false })).toEqual({
      ready: true,
      checks: { database: { ok: true }, objectStore: { ok: true } },
    });
  });

  it("names each failed check with a reason that holds no connection details, and gives up on a check at its time limit", async () => {
    const started = Date.now();
    const result = await checkReadiness(
      {
        database: () => new Promise(() => {}),
        objectStore: async () => {
          throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:9000 (secret-key=abc)"), { code: "ECONNREFUSED" });
        },
        migrations: async () => {
          throw new Error("2 pending");
        },
        other: async () => {
          throw new Error("postgresql://user:password@db/land_records is down");
        },
      },
      50,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toEqual({
      ready: false,
      checks: {
        database: { ok: false, reason: "no answer within 50 ms" },
        objectStore: { ok: false, reason: "unavailable (ECONNREFUSED)" },
        migrations: { ok: false, reason: "2 pending" },
        other: { ok: false, reason: "unavailable" },
      },
    });
  });
});
