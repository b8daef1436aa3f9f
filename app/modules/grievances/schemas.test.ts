import { describe, expect, it } from "vitest";
import { GrievanceSchema, GrievanceStageSchema } from "./schemas";

const base = { receivedDate: "2026-11-20", receivedTime: "09:15", channel: "phone", category: "gates_fences", severity: "medium", description: "Gate left open" };
const errorsOf = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("GrievanceSchema", () => {
  it("keeps exactly one kind of complainant", () => {
    const stakeholder = GrievanceSchema.parse({ ...base, complainantKind: "stakeholder", stakeholderId: "7", complainantName: "Ignored" });
    expect(stakeholder).toMatchObject({ complainantKind: "stakeholder", stakeholderId: 7, complainantName: null, receivedLocal: "2026-11-20T09:15" });
    const person = GrievanceSchema.parse({ ...base, complainantKind: "person", stakeholderId: "7", complainantName: "Jo Smith", complainantContact: "0400 000 000" });
    expect(person).toMatchObject({ stakeholderId: null, complainantName: "Jo Smith", complainantContact: "0400 000 000" });
    const anonymous = GrievanceSchema.parse({ ...base, complainantKind: "anonymous", complainantName: "x" });
    expect(anonymous).toMatchObject({ stakeholderId: null, complainantName: null, complainantContact: null });
  });

  it("names the missing complainant and the bad fields", () => {
    expect(errorsOf(GrievanceSchema.safeParse({ ...base, complainantKind: "stakeholder" }))).toEqual({ stakeholderId: "Select the stakeholder who raised it" });
    expect(errorsOf(GrievanceSchema.safeParse({ ...base, complainantKind: "person" }))).toEqual({ complainantName: "Enter the complainant's name" });
    expect(errorsOf(GrievanceSchema.safeParse({ complainantKind: "anonymous", receivedDate: "2026-02-30", receivedTime: "25:00" }))).toMatchObject({
      receivedDate: expect.stringMatching(/real date/),
      channel: "Select how it was received",
      category: "Select a category",
      severity: "Select a severity",
      description: "Describe the grievance",
    });
  });
});

describe("GrievanceStageSchema", () => {
  it("refuses closing without the outcome, field by field", () => {
    expect(errorsOf(GrievanceStageSchema.safeParse({ action: "close" }))).toEqual({
      resolution: "Select the resolution",
      actionTaken: "Enter what was done",
      complainantToldOn: "Enter when the complainant was told",
      complainantToldHow: "Enter how the complainant was told",
      complainantAccepted: "Select whether the complainant accepted the outcome",
    });
    const ok = GrievanceStageSchema.parse({ action: "close", resolution: "upheld", actionTaken: "Fixed", complainantToldOn: "2026-11-21", complainantToldHow: "Phone", complainantAccepted: "no" });
    expect(ok.complainantAccepted).toBe(false);
  });

  it("needs a stage to move to and a referral's who and when", () => {
    expect(errorsOf(GrievanceStageSchema.safeParse({ action: "move" }))).toEqual({ to: "Select the stage" });
    expect(errorsOf(GrievanceStageSchema.safeParse({ action: "refer" }))).toEqual({ referredTo: "Enter who it was referred to", referredAt: "Enter when it was referred" });
    expect(GrievanceStageSchema.parse({ action: "escalate", note: "Director asked" }).note).toBe("Director asked");
  });
});
