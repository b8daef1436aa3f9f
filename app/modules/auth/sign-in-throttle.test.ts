import { accountKey, addressKey, isOverLimit, minutesToWait, reachesLimit, retryAfterSeconds, SIGN_IN_LIMITS, tooManyAttemptsMessage } from "./sign-in-throttle";

describe("SIGN_IN_LIMITS", () => {
  it("blocks an account for 15 minutes after 5 failures in 15 minutes, an address after 20", () => {
    expect(SIGN_IN_LIMITS).toEqual({
      perAccount: { maxFailures: 5, windowSeconds: 900, blockSeconds: 900 },
      perAddress: { maxFailures: 20, windowSeconds: 900, blockSeconds: 900 },
    });
  });
});

describe("reachesLimit and isOverLimit", () => {
  const rule = SIGN_IN_LIMITS.perAccount;

  it("lets the first four failures through and blocks at the fifth", () => {
    expect([1, 2, 3, 4].map((n) => reachesLimit(n, rule))).toEqual([false, false, false, false]);
    expect(reachesLimit(5, rule)).toBe(true);
  });

  it("refuses attempts beyond the limit without checking them", () => {
    expect(isOverLimit(5, rule)).toBe(false);
    expect(isOverLimit(6, rule)).toBe(true);
  });
});

describe("accountKey", () => {
  it("is the same for the login however it is cased or padded", () => {
    expect(accountKey("  PM@Demo-Consultancy.local ")).toBe(accountKey("pm@demo-consultancy.local"));
    expect(accountKey("pm@demo-consultancy.local")).not.toBe(accountKey("officer@demo-consultancy.local"));
  });

  it("stores no address and fits the key column whatever the login's length", () => {
    const key = accountKey(`${"a".repeat(400)}@example.test`);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey("pm@demo-consultancy.local")).not.toContain("demo");
  });
});

describe("addressKey", () => {
  it("keeps IPv4 addresses, also when written IPv4-mapped", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2::FFFF")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("still gives a key when the address is unknown", () => {
    expect(addressKey(undefined)).toBe("unknown");
    expect(addressKey("")).toBe("unknown");
  });
});

describe("waiting times", () => {
  it("rounds up to whole minutes, at least one", () => {
    expect(minutesToWait(15 * 60_000)).toBe(15);
    expect(minutesToWait(14 * 60_000 + 1)).toBe(15);
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(0)).toBe(1);
  });

  it("rounds Retry-After up to whole seconds, at least one", () => {
    expect(retryAfterSeconds(900_000)).toBe(900);
    expect(retryAfterSeconds(899_001)).toBe(900);
    expect(retryAfterSeconds(0)).toBe(1);
  });

  it("says how long to wait", () => {
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(30_000)).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
  });
});
