import { describe, expect, it } from "vitest";
import {
  effectivePlan,
  freeMonthExpiry,
  freeMonthRefusal,
  FREE_MONTH_DAYS,
  hasFreePro,
  limitLabel,
  projectLimit,
  projectLimitMessage,
  storageLimitMB,
  usersPerProjectLimit,
  usersPerProjectLimitMessage,
} from "./plan-limits";

const NOW = new Date("2026-11-23T00:00:00Z");
const free = { name: "Acme Pty Ltd", subscriptionPlan: "free" as const, maxProjects: 1 };

describe("project limit", () => {
  it("gives the free plan its stored limit (1 by default) and Professional none", () => {
    expect(projectLimit(free, NOW)).toBe(1);
    expect(projectLimit({ ...free, maxProjects: 5 }, NOW)).toBe(5);
    expect(projectLimit({ ...free, subscriptionPlan: "professional" }, NOW)).toBeNull();
    expect(projectLimit({ ...free, subscriptionPlan: "enterprise" }, NOW)).toBeNull();
    expect(projectLimit({ ...free, subscriptionPlan: "starter", maxProjects: 3 }, NOW)).toBe(3);
  });

  it("counts a running free Professional month as Professional, an expired one not", () => {
    expect(effectivePlan({ ...free, freeProExpiresAt: "2026-12-01T00:00:00Z" }, NOW)).toBe("professional");
    expect(projectLimit({ ...free, freeProExpiresAt: new Date("2026-12-01T00:00:00Z") }, NOW)).toBeNull();
    expect(effectivePlan({ ...free, freeProExpiresAt: "2026-11-22T23:59:59Z" }, NOW)).toBe("free");
    expect(effectivePlan({ ...free, freeProExpiresAt: NOW }, NOW)).toBe("free");
    expect(hasFreePro({ freeProExpiresAt: "2026-11-23T00:00:01Z" }, NOW)).toBe(true);
    expect(hasFreePro({ freeProExpiresAt: null }, NOW)).toBe(false);
  });

  it("refuses the project past the limit with a message naming the plan and what it allows", () => {
    expect(projectLimitMessage(free, 0, NOW)).toBeNull();
    expect(projectLimitMessage(free, 1, NOW)).toBe(
      "Acme Pty Ltd is on the Free plan, which allows 1 project, and already has 1. Upgrade to Professional on the Subscription page to create more projects.",
    );
    expect(projectLimitMessage({ ...free, maxProjects: 5 }, 5, NOW)).toContain("allows 5 projects");
    expect(projectLimitMessage({ ...free, subscriptionPlan: "professional" }, 500, NOW)).toBeNull();
    expect(projectLimitMessage({ ...free, freeProExpiresAt: "2026-12-01T00:00:00Z" }, 500, NOW)).toBeNull();
  });
});

describe("users per project and storage", () => {
  it("reads the stored limits on the free plan (3 users and 100 MB by default) and none on Professional", () => {
    expect(usersPerProjectLimit(free, NOW)).toBe(3);
    expect(usersPerProjectLimit({ ...free, maxUsersPerProject: 1 }, NOW)).toBe(1);
    expect(storageLimitMB(free, NOW)).toBe(100);
    expect(storageLimitMB({ ...free, maxStorageMB: 250 }, NOW)).toBe(250);
    expect(usersPerProjectLimit({ ...free, subscriptionPlan: "professional" }, NOW)).toBeNull();
    expect(storageLimitMB({ ...free, freeProExpiresAt: "2026-12-01T00:00:00Z" }, NOW)).toBeNull();
    expect(limitLabel(null)).toBe("Unlimited");
    expect(limitLabel(5)).toBe("5");
  });
});

describe("a granted free month", () => {
  it(`runs ${FREE_MONTH_DAYS} days from today when none is running`, () => {
    expect(freeMonthExpiry(null, NOW).toISOString()).toBe("2026-12-23T00:00:00.000Z");
    expect(freeMonthExpiry("2026-11-01T00:00:00Z", NOW).toISOString()).toBe("2026-12-23T00:00:00.000Z");
  });

  it("extends a running month by 30 days from its expiry", () => {
    expect(freeMonthExpiry("2026-12-10T12:00:00Z", NOW).toISOString()).toBe("2027-01-09T12:00:00.000Z");
    expect(freeMonthExpiry(freeMonthExpiry(null, NOW), NOW).toISOString()).toBe("2027-01-22T00:00:00.000Z");
  });
});

describe("users-per-project limit", () => {
  const client = { ...free, maxUsersPerProject: 3 };

  it("gives Free and Starter their stored limit and Professional (seats bought as needed) and Enterprise none", () => {
    expect(usersPerProjectLimit(client, NOW)).toBe(3);
    expect(usersPerProjectLimit({ ...client, maxUsersPerProject: 1 }, NOW)).toBe(1);
    expect(usersPerProjectLimit({ ...client, subscriptionPlan: "starter", maxUsersPerProject: 5 }, NOW)).toBe(5);
    expect(usersPerProjectLimit({ ...client, subscriptionPlan: "professional" }, NOW)).toBeNull();
    expect(usersPerProjectLimit({ ...client, subscriptionPlan: "enterprise" }, NOW)).toBeNull();
    expect(usersPerProjectLimit({ ...client, freeProExpiresAt: "2026-12-01T00:00:00Z" }, NOW)).toBeNull();
    expect(usersPerProjectLimit({ ...client, maxUsersPerProject: -2 }, NOW)).toBe(0);
  });

  it("refuses the member past the limit with a message naming the project, plan and limit", () => {
    expect(usersPerProjectLimitMessage(client, "Western", 2, 1, NOW)).toBeNull();
    expect(usersPerProjectLimitMessage(client, "Western", 3, 1, NOW)).toBe(
      "Western already has 3 members: Acme Pty Ltd is on the Free plan, which allows 3 users per project. Remove a member or upgrade to Professional on the Subscription page.",
    );
    expect(usersPerProjectLimitMessage(client, "Western", 2, 2, NOW)).not.toBeNull();
    expect(usersPerProjectLimitMessage({ ...client, maxUsersPerProject: 1 }, "Western", 1, 1, NOW)).toContain("1 member: Acme Pty Ltd is on the Free plan, which allows 1 user per project");
    expect(usersPerProjectLimitMessage({ ...client, subscriptionPlan: "professional" }, "Western", 99, 1, NOW)).toBeNull();
  });
});

describe("free month refusal", () => {
  it("gives a Free or Starter client a free month (running or not) and refuses one already paying for Professional or Enterprise", () => {
    expect(freeMonthRefusal(free)).toBeNull();
    expect(freeMonthRefusal({ ...free, subscriptionPlan: "starter" })).toBeNull();
    expect(freeMonthRefusal({ ...free, subscriptionPlan: "professional" })).toBe("Acme Pty Ltd is already on the Professional plan, so a free Professional month would change nothing");
    expect(freeMonthRefusal({ ...free, subscriptionPlan: "enterprise" })).toContain("already on the Enterprise plan");
  });
});
