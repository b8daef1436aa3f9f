import { describe, expect, it } from "vitest";
import { allowedTransitions, applyTransition, dueBadge, dueSoonUntil, EVIDENCE_REQUIRED, isDueSoon, isOverdue, REASON_REQUIRED } from "./rules";

describe("commitment transitions", () => {
  it("offers start, fulfil and cancel while open; reopen once closed", () => {
    expect(allowedTransitions("open")).toEqual(["start", "fulfil", "cancel"]);
    expect(allowedTransitions("in_progress")).toEqual(["fulfil", "cancel"]);
    expect(allowedTransitions("fulfilled")).toEqual(["reopen"]);
    expect(allowedTransitions("cancelled")).toEqual(["reopen"]);
  });
  it("refuses fulfil without an evidence note and cancel without a reason", () => {
    expect(applyTransition("open", "fulfil", { evidenceNote: "  " })).toEqual({ ok: false, field: "evidenceNote", message: EVIDENCE_REQUIRED });
    expect(applyTransition("in_progress", "cancel", {})).toEqual({ ok: false, field: "cancellationReason", message: REASON_REQUIRED });
    expect(applyTransition("in_progress", "fulfil", { evidenceNote: "Fence fixed" })).toEqual({ ok: true, status: "fulfilled" });
    expect(applyTransition("open", "cancel", { cancellationReason: "Landholder sold" })).toEqual({ ok: true, status: "cancelled" });
  });
  it("refuses a change the status does not allow", () => {
    expect(applyTransition("fulfilled", "start")).toMatchObject({ ok: false, message: "A fulfilled commitment cannot be started" });
    expect(applyTransition("in_progress", "reopen").ok).toBe(false);
    expect(applyTransition("cancelled", "reopen")).toEqual({ ok: true, status: "open" });
  });
});

describe("overdue and due soon", () => {
  const today = "2026-03-10";
  it("is overdue from the day after the due date, only while active", () => {
    expect(isOverdue("open", "2026-03-10", today)).toBe(false);
    expect(isOverdue("open", "2026-03-09", today)).toBe(true);
    expect(isOverdue("in_progress", "2026-01-01", today)).toBe(true);
    expect(isOverdue("fulfilled", "2026-01-01", today)).toBe(false);
    expect(isOverdue("cancelled", "2026-01-01", today)).toBe(false);
    expect(isOverdue("open", null, today)).toBe(false);
  });
  it("is due soon from today for 14 days", () => {
    expect(isDueSoon("open", "2026-03-10", today)).toBe(true);
    expect(isDueSoon("open", "2026-03-23", today)).toBe(true);
    expect(isDueSoon("open", "2026-03-24", today)).toBe(false);
    expect(isDueSoon("open", "2026-03-09", today)).toBe(false);
    expect(isDueSoon("fulfilled", "2026-03-11", today)).toBe(false);
    expect(dueSoonUntil(today)).toBe("2026-03-23");
  });
  it("gives one badge", () => {
    expect(dueBadge("open", "2026-03-01", today)).toBe("overdue");
    expect(dueBadge("open", "2026-03-12", today)).toBe("due_soon");
    expect(dueBadge("open", "2026-06-12", today)).toBeNull();
  });
});
