import { describe, expect, it } from "vitest";
import { letterGroups, letterSentence, longDate } from "./letter";

describe("the letter's sentences", () => {
  it("writes dates in full", () => {
    expect(longDate("2026-03-03")).toBe("3 March 2026");
    expect(longDate("2026-12-31")).toBe("31 December 2026");
  });
  it("says what was promised, by when, and when it was done", () => {
    const base = { id: 1, description: "Fix the fence before lambing.", promisedOn: "2026-03-03", dueDate: "2026-04-30", fulfilledOn: null };
    expect(letterSentence({ ...base, status: "open" })).toBe("On 3 March 2026 we promised: Fix the fence before lambing, by 30 April 2026. Not done yet.");
    expect(letterSentence({ ...base, status: "fulfilled", fulfilledOn: "2026-04-20" })).toBe("On 3 March 2026 we promised: Fix the fence before lambing, by 30 April 2026. Done on 20 April 2026.");
    expect(letterSentence({ ...base, dueDate: null, status: "in_progress" })).toBe("On 3 March 2026 we promised: Fix the fence before lambing. We are working on it.");
  });
  it("groups open and fulfilled, leaving out cancelled", () => {
    const rows = (["open", "in_progress", "fulfilled", "cancelled"] as const).map((status, id) => ({ id, description: "x", promisedOn: "2026-01-01", dueDate: null, fulfilledOn: null, status }));
    const groups = letterGroups(rows);
    expect(groups.open.map((r) => r.status)).toEqual(["open", "in_progress"]);
    expect(groups.fulfilled.map((r) => r.status)).toEqual(["fulfilled"]);
  });
});
