import { EngagementSchema } from "./schemas";
import { ENGAGEMENT_TYPE_OPTIONS, engagementTypeLabel } from "./engagement-types";

const errors = (fields: Record<string, unknown>) => {
  const result = EngagementSchema.safeParse(fields);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("EngagementSchema", () => {
  it("defaults type to meeting, zone to Sydney and completed-at to now", () => {
    const before = Date.now();
    const data = EngagementSchema.parse({ subject: "Hello", type: "" });
    expect(data).toMatchObject({ type: "meeting", timezone: "Australia/Sydney", followUpRequired: false, followUpDate: null, scheduledAt: null });
    expect(data.completedAt!.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("reads datetime-local values in the chosen zone and accepts ISO instants", () => {
    expect(EngagementSchema.parse({ subject: "x", completedAt: "2025-01-15T09:00", timezone: "Pacific/Auckland" }).completedAt!.toISOString()).toBe("2025-01-14T20:00:00.000Z");
    expect(EngagementSchema.parse({ subject: "x", completedAt: "2025-01-15T09:00:00+10:00" }).completedAt!.toISOString()).toBe("2025-01-14T23:00:00.000Z");
    expect(EngagementSchema.parse({ subject: "x", scheduledAt: "2030-01-01T10:00" }).completedAt).toBeNull();
  });

  it("requires the follow-up date only when follow-up is ticked, and drops it otherwise", () => {
    expect(errors({ subject: "x", followUpRequired: "on" })).toEqual({ followUpDate: "Enter a follow-up date" });
    expect(errors({ subject: "x", followUpRequired: "on", followUpDate: "2025-13-01" })).toHaveProperty("followUpDate");
    expect(EngagementSchema.parse({ subject: "x", followUpRequired: "on", followUpDate: "2025-06-01", timezone: "UTC" }).followUpDate!.toISOString()).toBe("2025-06-01T00:00:00.000Z");
    expect(EngagementSchema.parse({ subject: "x", followUpDate: "garbage" }).followUpDate).toBeNull();
  });

  it("refuses unknown types and zones, missing subjects, bad dates and oversized text", () => {
    expect(errors({ subject: " " })).toEqual({ subject: "Subject is required" });
    expect(errors({ subject: "x", type: "fax" })).toEqual({ type: "Select a valid interaction type" });
    expect(errors({ subject: "x", timezone: "Europe/London" })).toEqual({ timezone: "Select a valid time zone" });
    expect(errors({ subject: "x", completedAt: "2025-01-15 09:00" })).toEqual({ completedAt: "Enter a real date and time" });
    expect(errors({ subject: "x", outcomes: "o".repeat(5001) })).toEqual({ outcomes: "Outcomes must be 5000 characters or fewer" });
  });
});

describe("interaction types", () => {
  it("labels the eight types as the spec does", () => {
    expect(ENGAGEMENT_TYPE_OPTIONS.map((o) => o.label)).toEqual([
      "In-Person Meeting",
      "Phone Call",
      "Email Exchange",
      "Community Event",
      "Site Visit",
      "Public Hearing",
      "Survey Response",
      "Interview",
    ]);
    expect(engagementTypeLabel("site_visit")).toBe("Site Visit");
  });
});
