import { describe, expect, it } from "vitest";
import { GrievanceClockSchema, JURISDICTION_MESSAGE, targetDaysMessage } from "./grievance-clock-schema";

describe("GrievanceClockSchema", () => {
  it("reads a form's text and JSON numbers alike", () => {
    expect(GrievanceClockSchema.parse({ grievanceJurisdiction: "VIC", grievanceAcknowledgeDays: " 3 ", grievanceResolveDays: "90" })).toEqual({
      grievanceJurisdiction: "VIC",
      grievanceAcknowledgeDays: 3,
      grievanceResolveDays: 90,
    });
    expect(GrievanceClockSchema.parse({ grievanceJurisdiction: "WA", grievanceAcknowledgeDays: 1, grievanceResolveDays: 30, other: "ignored" })).toEqual({
      grievanceJurisdiction: "WA",
      grievanceAcknowledgeDays: 1,
      grievanceResolveDays: 30,
    });
  });

  it("refuses anything but a whole number from 1 to 90 and a listed jurisdiction, with the field's message", () => {
    for (const bad of ["0", "91", "2.5", "ten", "", "1e1", -3, 4.5, null]) {
      const result = GrievanceClockSchema.safeParse({ grievanceJurisdiction: "NSW", grievanceAcknowledgeDays: bad, grievanceResolveDays: 30 });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["grievanceAcknowledgeDays", targetDaysMessage("Acknowledge within")]]);
    }
    for (const bad of ["Victoria", "vic", "", undefined]) {
      const result = GrievanceClockSchema.safeParse({ grievanceJurisdiction: bad, grievanceAcknowledgeDays: 5, grievanceResolveDays: 30 });
      expect(result.error?.issues.map((i) => i.message)).toEqual([JURISDICTION_MESSAGE]);
    }
  });
});
