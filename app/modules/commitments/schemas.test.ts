import { describe, expect, it } from "vitest";
import { CommitmentFormSchema, CommitmentStatusSchema, DESCRIPTION_REQUIRED, PROMISED_ON_REQUIRED, WHO_REQUIRED } from "./schemas";
import { EVIDENCE_REQUIRED, REASON_REQUIRED } from "./rules";

const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("CommitmentFormSchema", () => {
  it("accepts form strings with one stakeholder", () => {
    const r = CommitmentFormSchema.parse({ description: " Fix the fence ", promisedOn: "2026-03-03", dueDate: "", ownerId: "", engagementId: "", stakeholderIds: "4", version: "" });
    expect(r).toMatchObject({ description: "Fix the fence", promisedOn: "2026-03-03", dueDate: null, ownerId: null, engagementId: null, stakeholderIds: [4], propertyIds: [], version: null });
  });
  it("takes an optional grievance source (docs/records.md#grievance-links)", () => {
    expect(CommitmentFormSchema.parse({ description: "x", promisedOn: "2026-03-03", propertyIds: [1], grievanceId: "7" }).grievanceId).toBe(7);
    expect(CommitmentFormSchema.parse({ description: "x", promisedOn: "2026-03-03", propertyIds: [1], grievanceId: "" }).grievanceId).toBeNull();
    expect(messages(CommitmentFormSchema.safeParse({ description: "x", promisedOn: "2026-03-03", propertyIds: [1], grievanceId: "abc" })).grievanceId).toMatch(/number/);
  });
  it("needs what, when and to whom", () => {
    expect(messages(CommitmentFormSchema.safeParse({ description: "", promisedOn: "" }))).toMatchObject({
      description: DESCRIPTION_REQUIRED,
      promisedOn: PROMISED_ON_REQUIRED,
      stakeholderIds: WHO_REQUIRED,
    });
  });
  it("refuses a due date before the promise and an unreal date", () => {
    expect(messages(CommitmentFormSchema.safeParse({ description: "x", promisedOn: "2026-03-03", dueDate: "2026-03-01", propertyIds: [1] }))).toEqual({
      dueDate: "Due date must be on or after the promised date",
    });
    expect(messages(CommitmentFormSchema.safeParse({ description: "x", promisedOn: "2026-02-30", propertyIds: [1] })).promisedOn).toMatch(/real date/);
  });
});

describe("CommitmentStatusSchema", () => {
  it("needs evidence to fulfil and a reason to cancel", () => {
    expect(messages(CommitmentStatusSchema.safeParse({ transition: "fulfil", evidenceNote: " " }))).toEqual({ evidenceNote: EVIDENCE_REQUIRED });
    expect(messages(CommitmentStatusSchema.safeParse({ transition: "cancel" }))).toEqual({ cancellationReason: REASON_REQUIRED });
    expect(CommitmentStatusSchema.parse({ transition: "fulfil", evidenceNote: "Done", evidenceDocumentId: "7", fulfilledOn: "2026-04-01" })).toMatchObject({
      evidenceDocumentId: 7,
      fulfilledOn: "2026-04-01",
    });
  });
  it("refuses an unknown transition", () => {
    expect(CommitmentStatusSchema.safeParse({ transition: "explode" }).success).toBe(false);
  });
});
