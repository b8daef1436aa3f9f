import { describe, expect, it } from "vitest";
import { FREE_PLAN_DEFAULTS, projectLimitMessage, storageLimitMB, usersPerProjectLimit, usersPerProjectLimitMessage } from "./plan-limits";
import { PLAN_CARDS } from "./plans";
import { billableSeats, monthlyAmountUSD } from "./seats";

const card = (id: string) => PLAN_CARDS.find((c) => c.id === id)!;
const newFreeClient = { name: "Acme Pty Ltd", subscriptionPlan: "free" as const, ...FREE_PLAN_DEFAULTS };

describe("the plan cards say what is enforced and billed", () => {
  it("the Free card's users per project are the limit a new free client is held to", () => {
    const limit = usersPerProjectLimit(newFreeClient)!;
    expect(limit).toBe(3);
    expect(card("free").features).toContain(`${limit} users per project`);
    expect(card("free").features).not.toContain("1 user");
    // The enforcement lets exactly that many members in, and refuses the next.
    expect(usersPerProjectLimitMessage(newFreeClient, "Western", limit - 1, 1)).toBeNull();
    expect(usersPerProjectLimitMessage(newFreeClient, "Western", limit, 1)).toContain(`allows ${limit} users per project`);
  });

  it("the Free card's projects and storage are the limits a new free client is held to", () => {
    expect(card("free").features.slice(0, 3)).toEqual(["1 project", "3 users per project", "100MB storage"]);
    expect(projectLimitMessage(newFreeClient, 0)).toBeNull();
    expect(projectLimitMessage(newFreeClient, 1)).toContain("which allows 1 project");
    expect(card("free").features).toContain(`${storageLimitMB(newFreeClient)}MB storage`);
  });

  it("the Professional card's price and seats are what the seat rule bills", () => {
    const pro = card("professional");
    expect(pro.price).toBe(`$${monthlyAmountUSD(2)}`);
    expect(pro.features.slice(0, 3)).toEqual(["Unlimited projects", "2 users included, additional seats $25 per month each", "Unlimited storage"]);
    expect(billableSeats(2)).toBe(0);
    expect(monthlyAmountUSD(3) - monthlyAmountUSD(2)).toBe(25);
  });
});
