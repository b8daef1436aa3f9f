import { describe, expect, it } from "vitest";
import { effectivePlan, projectLimit, projectLimitMessage } from "./plan-limits";

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
  });

  it("refuses the project past the limit with a message naming the plan and what it allows", () => {
    expect(projectLimitMessage(free, 0, NOW)).toBeNull();
    expect(projectLimitMessage(free, 1, NOW)).toBe(
      "Acme Pty Ltd is on the Free plan, which allows 1 project, and already has 1. Upgrade to Professional on the Subscription page to create more projects.",
    );
    expect(projectLimitMessage({ ...free, maxProjects: 5 }, 5, NOW)).toContain("allows 5 projects");
    expect(projectLimitMessage({ ...free, subscriptionPlan: "professional" }, 500, NOW)).toBeNull();
  });
});
