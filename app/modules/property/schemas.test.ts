import { LinkStakeholdersSchema, PropertyFormSchema, PropertyPageFormSchema } from "./schemas";

const errorsOf = (input: unknown) => {
  const result = PropertyFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("PropertyFormSchema", () => {
  it("requires an address after trimming", () => {
    expect(errorsOf({ address: "   " })).toEqual({ address: "Property address is required" });
    expect(errorsOf({})).toEqual({ address: "Property address is required" });
  });

  it("trims text, turns blanks into null, and reads the checkbox", () => {
    const data = PropertyFormSchema.parse({ address: " 1 Road ", volume: " 12 ", folio: "", hasLAA: "on", laaExpiryDate: "2030-01-31", laaDetails: " Gate " });
    expect(data).toMatchObject({ address: "1 Road", volume: "12", folio: null, hasLAA: true, laaExpiryDate: "2030-01-31", laaDetails: "Gate", nextActionDueDate: null });
  });

  it("ignores (and drops) the LAA fields when hasLAA is not ticked, even if invalid", () => {
    const data = PropertyFormSchema.parse({ address: "1 Road", laaExpiryDate: "not a date", laaDetails: "x" });
    expect(data).toMatchObject({ hasLAA: false, laaExpiryDate: null, laaDetails: null });
  });

  it("validates the LAA fields when hasLAA is ticked", () => {
    expect(errorsOf({ address: "1 Road", hasLAA: true, laaExpiryDate: "2026-13-01" })).toEqual({ laaExpiryDate: "LAA expiry date must be a real date, for example 2026-03-31" });
    expect(errorsOf({ address: "1 Road", hasLAA: "on", laaDetails: "x".repeat(5001) })).toEqual({ laaDetails: "LAA details must be 5000 characters or fewer" });
  });

  it("rejects impossible dates and oversized text", () => {
    expect(errorsOf({ address: "1 Road", nextActionDueDate: "2026-02-29" })).toEqual({ nextActionDueDate: "Next action due date must be a real date, for example 2026-03-31" });
    expect(errorsOf({ address: "1 Road", zoning: "z".repeat(201) })).toEqual({ zoning: "Zoning must be 200 characters or fewer" });
  });

  it("leaves imported lot/plan fields undefined when not sent (kept on update)", () => {
    const data = PropertyFormSchema.parse({ address: "1 Road" });
    expect(data.lot).toBeUndefined();
    expect(PropertyFormSchema.parse({ address: "1 Road", lot: "" }).lot).toBeNull();
  });
});

describe("PropertyPageFormSchema", () => {
  it("reads the form's version and force fields", () => {
    expect(PropertyPageFormSchema.parse({ address: "1 Road", version: "3", force: "1" })).toMatchObject({ version: 3, force: true });
    expect(PropertyPageFormSchema.parse({ address: "1 Road", version: "" })).toMatchObject({ version: null, force: false });
    expect(PropertyPageFormSchema.safeParse({ address: "1 Road", version: "x" }).success).toBe(false);
  });
});

describe("LinkStakeholdersSchema", () => {
  it("accepts one id, a list, or none", () => {
    expect(LinkStakeholdersSchema.parse({ propertyId: "4", stakeholderIds: "7" })).toEqual({ propertyId: 4, stakeholderIds: [7] });
    expect(LinkStakeholdersSchema.parse({ propertyId: 4, stakeholderIds: [1, "2"] })).toEqual({ propertyId: 4, stakeholderIds: [1, 2] });
    expect(LinkStakeholdersSchema.parse({ propertyId: 4 })).toEqual({ propertyId: 4, stakeholderIds: [] });
    expect(LinkStakeholdersSchema.safeParse({ propertyId: 4, stakeholderIds: ["abc"] }).success).toBe(false);
    expect(LinkStakeholdersSchema.safeParse({ propertyId: -1 }).success).toBe(false);
  });
});
