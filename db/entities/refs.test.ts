import { calendarDateOf, refId, refIdOrNull } from "./refs";

describe("entity value helpers", () => {
  it("reads reference ids, numeric or string", () => {
    expect(refId({ id: 7 })).toBe(7);
    expect(refId({ id: "12" })).toBe(12);
    expect(refIdOrNull(null)).toBeNull();
    expect(refIdOrNull(undefined)).toBeNull();
    expect(refIdOrNull({ id: 3 })).toBe(3);
  });

  it("reads date columns as calendar dates", () => {
    expect(calendarDateOf(new Date(Date.UTC(2026, 2, 5)))).toBe("2026-03-05");
    expect(calendarDateOf("2026-03-05")).toBe("2026-03-05");
    expect(calendarDateOf("2026-03-05T00:00:00.000Z")).toBe("2026-03-05");
    expect(calendarDateOf(null)).toBeNull();
    expect(calendarDateOf("")).toBeNull();
  });
});
