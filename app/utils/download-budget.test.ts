import { DownloadBudget, downloadRefusal, DOWNLOAD_RETRY_AFTER_SECONDS } from "./download-budget";

describe("DownloadBudget", () => {
  it("admits up to the per-user limit, then refuses that user with 429 while others still get in", () => {
    const budget = new DownloadBudget({ total: 4, perUser: 2 });
    expect(budget.admit("vera").admitted).toBe(true);
    expect(budget.admit("vera").admitted).toBe(true);
    const third = budget.admit("vera");
    expect(third).toEqual({ admitted: false, refusal: downloadRefusal("user", budget.limits) });
    if (third.admitted) throw new Error("unreachable");
    expect(third.refusal.status).toBe(429);
    expect(third.refusal.message).toBe("You already have 2 downloads in progress. Please wait for one to finish, then try again.");
    expect(third.refusal.retryAfterSeconds).toBe(DOWNLOAD_RETRY_AFTER_SECONDS);
    expect(budget.admit("oscar").admitted).toBe(true);
    expect(budget.inUse("vera")).toBe(2);
    expect(budget.inUse()).toBe(3);
  });

  it("refuses everyone with 503 once the server's total is used, and admits again when a slot is given back", () => {
    const budget = new DownloadBudget({ total: 3, perUser: 2 });
    const slots = [budget.admit("a"), budget.admit("a"), budget.admit("b")].map((a) => (a.admitted ? a.slot : null));
    const refused = budget.admit("c");
    expect(refused.admitted).toBe(false);
    if (refused.admitted) throw new Error("unreachable");
    expect(refused.refusal).toMatchObject({ reason: "total", status: 503, message: "Too many downloads are in progress. Please try again in a minute." });
    slots[0]!.release();
    expect(budget.admit("c").admitted).toBe(true);
  });

  it("names the user's own limit first when both are reached (the one they can act on)", () => {
    const budget = new DownloadBudget({ total: 2, perUser: 2 });
    budget.admit("a");
    budget.admit("a");
    const again = budget.admit("a");
    expect(again.admitted ? null : again.refusal.reason).toBe("user");
  });

  it("counts a slot released twice once", () => {
    const budget = new DownloadBudget({ total: 2, perUser: 1 });
    const first = budget.admit("a");
    if (!first.admitted) throw new Error("refused");
    first.slot.release();
    first.slot.release();
    expect(budget.inUse()).toBe(0);
    expect(budget.inUse("a")).toBe(0);
    expect(budget.admit("a").admitted).toBe(true);
    expect(budget.admit("b").admitted).toBe(true);
    expect(budget.inUse()).toBe(2);
  });

  it("speaks of one download when a user may hold only one", () => {
    expect(downloadRefusal("user", { total: 4, perUser: 1 }).message).toBe("You already have a download in progress. Please wait for it to finish, then try again.");
  });
});
