import { describe, expect, it } from "vitest";
import { differingFields, planMerge, sameValue } from "./merge";

describe("planMerge", () => {
  it("fills blank fields and keeps (and lists) the existing value where both have one", () => {
    const plan = planMerge("stakeholder", { name: "John Smith", notes: null, stakeholderCategory: "Resident" }, { name: "JOHN SMITH", notes: "Met at the field day", stakeholderCategory: "Investor" });
    expect(plan.changes).toEqual({ notes: "Met at the field day" });
    expect(plan.notTaken).toEqual([{ field: "stakeholderCategory", existing: "Resident", incoming: "Investor" }]);
  });

  it("puts further e-mails, phones and addresses into free slots and skips ones already there", () => {
    const plan = planMerge(
      "stakeholder",
      { email: "jo@example.com", email2: null, email3: null, phone: "0412 345 678", phone2: "03 5352 1234", phone3: null },
      { email: "JO@example.com", email2: "jo@work.example", phone: "+61 412 345 678", phone2: "0400 000 000", phone3: "0499 999 999" },
    );
    expect(plan.changes).toEqual({ email2: "jo@work.example", phone3: "0400 000 000" });
    expect(plan.notTaken).toEqual([{ field: "phone3", existing: null, incoming: "0499 999 999" }]);
  });

  it("unions list fields and custom fields, the existing custom value winning", () => {
    const plan = planMerge(
      "property",
      { proprietors: ["Jo Citizen"], customFields: { Parish: "Ballarat", Zone: "FZ" } },
      { proprietors: ["jo citizen", "Sam Citizen"], customFields: { Parish: "Buninyong", Catchment: "Yarrowee" } },
    );
    expect(plan.changes).toEqual({ proprietors: ["Jo Citizen", "Sam Citizen"], customFields: { Parish: "Ballarat", Zone: "FZ", Catchment: "Yarrowee" } });
    expect(plan.notTaken).toEqual([{ field: "custom:Parish", existing: "Ballarat", incoming: "Buninyong" }]);
  });

  it("changes nothing when the row adds nothing", () => {
    expect(planMerge("property", { address: "12 Smith Rd", hasLAA: true }, { address: "12 smith rd", hasLAA: true })).toEqual({ changes: {}, notTaken: [] });
  });
});

describe("sameValue", () => {
  it("reads decimals, dates and case alike", () => {
    expect(sameValue("1250.00", 1250)).toBe(true);
    expect(sameValue("2024-03-01T00:00:00+00:00", "2024-03-01")).toBe(true);
    expect(sameValue(new Date("2024-03-01T00:00:00Z"), "2024-03-01T00:00:00Z")).toBe(true);
    expect(sameValue("Resident", "resident")).toBe(true);
    expect(sameValue("Resident", "Investor")).toBe(false);
    expect(sameValue(null, "")).toBe(true);
  });

  it("lists the fields that differ or that only the row has", () => {
    expect(differingFields({ name: "John Smith", email: null, notes: "x" }, { name: "john smith", email: "j@x.example", notes: "y", phone: null })).toEqual(["email", "notes"]);
  });
});
