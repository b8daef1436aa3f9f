import { describe, expect, it } from "vitest";
import { GrievanceDocumentLinkSchema, GrievanceEngagementLinkSchema } from "./link-schemas";

describe("grievance link schemas", () => {
  it("take one id as a form string or a JSON number", () => {
    expect(GrievanceEngagementLinkSchema.parse({ engagementId: "12", projectId: 3 })).toEqual({ engagementId: 12 });
    expect(GrievanceDocumentLinkSchema.parse({ documentId: 5 })).toEqual({ documentId: 5 });
  });
  it("refuse a missing, malformed or too large id with the field's message", () => {
    expect(GrievanceEngagementLinkSchema.safeParse({}).error?.issues[0]?.message).toBe("Choose the engagement to attach");
    expect(GrievanceDocumentLinkSchema.safeParse({ documentId: "x" }).error?.issues[0]?.message).toBe("Document must be a number");
    expect(GrievanceDocumentLinkSchema.safeParse({ documentId: 0 }).success).toBe(false);
    expect(GrievanceDocumentLinkSchema.safeParse({ documentId: 3_000_000_000 }).success).toBe(false);
  });
});
