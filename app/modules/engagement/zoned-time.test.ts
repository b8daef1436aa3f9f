import { instantToZonedDate, instantToZonedLocal, isCalendarDate, isEngagementTimeZone, isLocalDateTime, zonedDateToInstant, zonedLocalToInstant } from "./zoned-time";

describe("zonedLocalToInstant", () => {
  it("reads a wall-clock time in the chosen zone", () => {
    expect(zonedLocalToInstant("2025-01-15T09:00", "Australia/Sydney")?.toISOString()).toBe("2025-01-14T22:00:00.000Z"); // AEDT +11
    expect(zonedLocalToInstant("2025-07-15T09:00", "Australia/Sydney")?.toISOString()).toBe("2025-07-14T23:00:00.000Z"); // AEST +10
    expect(zonedLocalToInstant("2025-07-15T09:00", "Australia/Perth")?.toISOString()).toBe("2025-07-15T01:00:00.000Z");
    expect(zonedLocalToInstant("2025-01-15T09:00", "Australia/Adelaide")?.toISOString()).toBe("2025-01-14T22:30:00.000Z"); // ACDT +10:30
    expect(zonedLocalToInstant("2025-01-15T09:00", "Australia/Darwin")?.toISOString()).toBe("2025-01-14T23:30:00.000Z"); // no DST
    expect(zonedLocalToInstant("2025-01-15T09:00", "Australia/Brisbane")?.toISOString()).toBe("2025-01-14T23:00:00.000Z"); // no DST
    expect(zonedLocalToInstant("2025-03-01T12:00", "UTC")?.toISOString()).toBe("2025-03-01T12:00:00.000Z");
  });

  it("moves a time inside the spring-forward gap forward by the gap", () => {
    // Sydney: 2025-10-05 02:00 AEST jumps to 03:00 AEDT.
    expect(zonedLocalToInstant("2025-10-05T01:59", "Australia/Sydney")?.toISOString()).toBe("2025-10-04T15:59:00.000Z");
    const gap = zonedLocalToInstant("2025-10-05T02:30", "Australia/Sydney")!;
    expect(gap.toISOString()).toBe("2025-10-04T16:30:00.000Z");
    expect(instantToZonedLocal(gap, "Australia/Sydney")).toBe("2025-10-05T03:30");
    expect(zonedLocalToInstant("2025-10-05T03:00", "Australia/Sydney")?.toISOString()).toBe("2025-10-04T16:00:00.000Z");
    // Auckland: 2025-09-28 02:00 NZST jumps to 03:00 NZDT.
    expect(instantToZonedLocal(zonedLocalToInstant("2025-09-28T02:30", "Pacific/Auckland")!, "Pacific/Auckland")).toBe("2025-09-28T03:30");
  });

  it("takes the later (standard-time) instant for a time that happened twice", () => {
    // Sydney: 2025-04-06 03:00 AEDT falls back to 02:00 AEST.
    expect(zonedLocalToInstant("2025-04-06T01:59", "Australia/Sydney")?.toISOString()).toBe("2025-04-05T14:59:00.000Z");
    expect(zonedLocalToInstant("2025-04-06T02:30", "Australia/Sydney")?.toISOString()).toBe("2025-04-05T16:30:00.000Z");
    expect(zonedLocalToInstant("2025-04-06T03:00", "Australia/Sydney")?.toISOString()).toBe("2025-04-05T17:00:00.000Z");
  });

  it("refuses values that are not real local date-times", () => {
    for (const bad of ["", "2025-02-30T10:00", "2025-01-15 09:00", "2025-01-15T24:00", "2025-01-15T09:60", "yesterday", "2025-01-15T09:00Z"]) {
      expect(zonedLocalToInstant(bad, "Australia/Sydney"), bad).toBeNull();
    }
  });
});

describe("round trips and dates", () => {
  it("shows an instant as the datetime-local value of the zone", () => {
    const instant = new Date("2025-06-30T23:45:00Z");
    expect(instantToZonedLocal(instant, "Australia/Sydney")).toBe("2025-07-01T09:45");
    expect(instantToZonedLocal(instant, "UTC")).toBe("2025-06-30T23:45");
    expect(instantToZonedDate(instant, "Australia/Perth")).toBe("2025-07-01");
    expect(instantToZonedDate(instant, "UTC")).toBe("2025-06-30");
  });

  it("turns a calendar date into its midnight in the zone", () => {
    expect(zonedDateToInstant("2025-12-24", "Australia/Sydney")?.toISOString()).toBe("2025-12-23T13:00:00.000Z");
    expect(zonedDateToInstant("2025-02-29", "Australia/Sydney")).toBeNull();
  });

  it("validates calendar dates, local date-times and zones", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-2-01")).toBe(false);
    expect(isLocalDateTime("2025-01-15T09:00")).toBe(true);
    expect(isLocalDateTime("2025-01-15T09:00:30")).toBe(true);
    expect(isEngagementTimeZone("Australia/Darwin")).toBe(true);
    expect(isEngagementTimeZone("Europe/London")).toBe(false);
  });
});
