import { DEFAULT_MAIL_RETRY_POLICY, longestRetrySpanSeconds, retryAfterFailure, type MailRetryPolicy } from "./retry-policy";

const policy: MailRetryPolicy = { baseSeconds: 60, maxSeconds: 600, maxAttempts: 6 };
const noJitter = () => 0;

describe("retryAfterFailure", () => {
  it("doubles the delay after each failed attempt, starting from the base", () => {
    expect([1, 2, 3, 4].map((n) => retryAfterFailure(policy, n, false, noJitter))).toEqual([
      { retry: true, delaySeconds: 60 },
      { retry: true, delaySeconds: 120 },
      { retry: true, delaySeconds: 240 },
      { retry: true, delaySeconds: 480 },
    ]);
  });

  it("never waits longer than the cap", () => {
    expect(retryAfterFailure(policy, 5, false, noJitter)).toEqual({ retry: true, delaySeconds: 600 });
    expect(retryAfterFailure({ ...policy, maxAttempts: 1000 }, 900, false, noJitter)).toEqual({ retry: true, delaySeconds: 600 });
  });

  it("gives up after the last allowed attempt", () => {
    expect(retryAfterFailure(policy, 6, false, noJitter)).toEqual({ retry: false, reason: "attempts-exhausted" });
    expect(retryAfterFailure(policy, 7, false, noJitter)).toEqual({ retry: false, reason: "attempts-exhausted" });
  });

  it("gives up at once on a permanent refusal", () => {
    expect(retryAfterFailure(policy, 1, true, noJitter)).toEqual({ retry: false, reason: "permanent" });
  });

  it("shaves at most a fifth off the delay at random, and waits at least a second", () => {
    expect(retryAfterFailure(policy, 1, false, () => 0.999999)).toEqual({ retry: true, delaySeconds: 48 });
    expect(retryAfterFailure(policy, 2, false, () => 0.5)).toEqual({ retry: true, delaySeconds: 108 });
    expect(retryAfterFailure({ baseSeconds: 0.1, maxSeconds: 1, maxAttempts: 3 }, 1, false, noJitter)).toEqual({ retry: true, delaySeconds: 1 });
  });
});

describe("the default policy", () => {
  it("retries over about four hours: a mail server down for an afternoon loses nothing", () => {
    expect(DEFAULT_MAIL_RETRY_POLICY).toEqual({ baseSeconds: 60, maxSeconds: 3600, maxAttempts: 10 });
    // 1 + 2 + 4 + 8 + 16 + 32 minutes, then three hours at the cap.
    expect(longestRetrySpanSeconds(DEFAULT_MAIL_RETRY_POLICY)).toBe((63 + 180) * 60);
  });
});
