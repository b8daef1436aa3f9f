import { ApiLinkPropertiesSchema, CONTACT_FIELDS, LinkPropertiesSchema, StakeholderContactSchema, StakeholderPatchSchema, StakeholderSchema } from "./schemas";

const errors = (fields: Record<string, unknown>) => {
  const result = StakeholderSchema.safeParse(fields);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("StakeholderSchema", () => {
  it("requires a name ('Name is required') and trims it", () => {
    expect(errors({})).toEqual({ name: "Name is required" });
    expect(errors({ name: "   " })).toEqual({ name: "Name is required" });
    expect(StakeholderSchema.parse({ name: "  Ann  " }).name).toBe("Ann");
  });

  it("turns blank form fields into null and leaves absent ones undefined", () => {
    const data = StakeholderSchema.parse({ name: "Ann", email: "", phone: "  ", notes: "Hi" });
    expect(data.email).toBeNull();
    expect(data.phone).toBeNull();
    expect(data.notes).toBe("Hi");
    expect(data.address).toBeUndefined();
  });

  it("checks e-mail format with 'Invalid email' on all three e-mail fields", () => {
    expect(errors({ name: "A", email: "x", email2: "y@", email3: "ok@example.com" })).toEqual({ email: "Invalid email", email2: "Invalid email" });
  });

  it("accepts exactly the spec's classification values", () => {
    expect(StakeholderSchema.parse({ name: "A", memberType: "Government", stakeholderCategory: "Business Owner", influenceLevel: "Low", iap2EngagementLevel: "Empower" })).toMatchObject({
      memberType: "Government",
    });
    expect(errors({ name: "A", memberType: "individual" })).toEqual({ memberType: "Select a valid member type" });
    expect(errors({ name: "A", stakeholderCategory: "Farmer" })).toEqual({ stakeholderCategory: "Select a valid stakeholder category" });
    expect(errors({ name: "A", influenceLevel: "Huge" })).toEqual({ influenceLevel: "Select a valid influence level" });
    expect(errors({ name: "A", iap2EngagementLevel: "Ignore" })).toEqual({ iap2EngagementLevel: "Select a valid IAP2 engagement level" });
  });

  it("accepts only real YYYY-MM-DD due dates", () => {
    expect(StakeholderSchema.parse({ name: "A", nextActionDueDate: "2024-02-29" }).nextActionDueDate).toBe("2024-02-29");
    for (const bad of ["2025-02-29", "29/02/2024", "2024-2-1", "tomorrow"]) expect(errors({ name: "A", nextActionDueDate: bad }), bad).toHaveProperty("nextActionDueDate");
  });

  it("caps text lengths", () => {
    expect(errors({ name: "n".repeat(201) })).toEqual({ name: "Name must be 200 characters or fewer" });
    expect(errors({ name: "A", notes: "n".repeat(5001) })).toEqual({ notes: "Notes must be 5000 characters or fewer" });
    expect(errors({ name: "A", phone: "1".repeat(51) })).toEqual({ phone: "Phone must be 50 characters or fewer" });
  });

  it("reads checkbox and JSON booleans, versions and coordinates", () => {
    expect(StakeholderSchema.parse({ name: "A", isActive: "on" }).isActive).toBe(true);
    expect(StakeholderSchema.parse({ name: "A", isActive: false }).isActive).toBe(false);
    expect(StakeholderSchema.parse({ name: "A", version: "3" }).version).toBe(3);
    expect(StakeholderSchema.parse({ name: "A", latitude: "-37.5", longitude: null })).toMatchObject({ latitude: -37.5, longitude: null });
    expect(errors({ name: "A", latitude: 91 })).toEqual({ latitude: "Latitude is out of range" });
  });

  it("lets a PATCH send any subset, still validating what it sends", () => {
    expect(StakeholderPatchSchema.parse({ notes: "x" })).toEqual({ notes: "x" });
    expect(StakeholderPatchSchema.safeParse({ name: "" }).success).toBe(false);
  });
});

describe("link properties and ids", () => {
  it("reads one, many or no ticked property ids", () => {
    expect(LinkPropertiesSchema.parse({ propertyIds: "4" }).propertyIds).toEqual([4]);
    expect(LinkPropertiesSchema.parse({ propertyIds: ["4", "5"] }).propertyIds).toEqual([4, 5]);
    expect(LinkPropertiesSchema.parse({}).propertyIds).toEqual([]);
    expect(LinkPropertiesSchema.safeParse({ propertyIds: ["x"] }).success).toBe(false);
    expect(ApiLinkPropertiesSchema.safeParse({ propertyIds: [1] }).success).toBe(false);
  });
});

describe("StakeholderContactSchema (docs/records.md#contact-details)", () => {
  it("requires the name and checks e-mails with the stakeholder form's messages", () => {
    const result = StakeholderContactSchema.safeParse({ name: " ", email: "not-an-email" });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({ name: "Name is required", email: "Invalid email" });
  });

  it("keeps only the contact fields and the version, so it cannot change anything else", () => {
    const data = StakeholderContactSchema.parse({ name: "Ann", phone: "", notes: "ignored", memberType: "Business", version: "3" });
    expect(data).toEqual({ name: "Ann", phone: null, version: 3 });
    expect(Object.keys(StakeholderContactSchema.shape).sort()).toEqual([...CONTACT_FIELDS, "version"].sort());
  });
});
