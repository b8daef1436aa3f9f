import { STARTUP_FIELD_BY_KEY, STARTUP_FIELDS } from "./startup-fields";
import { fieldForFieldName, fieldForLabel, normaliseFieldValue, normaliseLabel, readFlag, teamColumnForHeader, teamMemberSlot } from "./startup-labels";

const field = (key: string) => STARTUP_FIELD_BY_KEY.get(key)!;

describe("normaliseLabel", () => {
  it.each([
    ["clientABN", "client abn"],
    ["cncProjectManager", "cnc project manager"],
    ["teamMember1Name", "team member 1 name"],
    ["Job No.:", "job number"],
    ["Project #", "project number"],
    ["Land & Approvals", "land and approvals"],
    ["  Client  Name * ", "client name"],
    ["Default Timezone", "default time zone"],
    ["Organización", "organizacion"],
  ])("%s → %s", (text, expected) => {
    expect(normaliseLabel(text)).toBe(expected);
  });
});

describe("fieldForLabel: the catalogue's labels, keys and synonyms", () => {
  it("finds every field by its key and by its label", () => {
    for (const f of STARTUP_FIELDS) {
      expect(fieldForLabel(f.key)?.key).toBe(f.key);
      expect(fieldForLabel(f.label)?.key).toBe(f.key);
    }
  });

  it.each([
    ["Project Name", "projectTitle"],
    ["PROJECT TITLE", "projectTitle"],
    ["Job No.", "projectNumber"],
    ["Client", "clientName"],
    ["ABN", "clientABN"],
    ["Client PM", "clientProjectManager"],
    ["Client Contact Number", "clientPhone"],
    ["CNC Project Manager", "cncProjectManager"],
    ["Project Manager (CNC)", "cncProjectManager"],
    ["Business Unit", "leadBusinessUnit"],
    ["Start Date (dd/mm/yyyy)", "projectStartDate"],
    ["Estimated Completion Date", "estimatedEndDate"],
    ["State / Territory", "state"],
    ["Contract Type", "termsOfAgreement"],
    ["Fee basis", "termsOfEngagement"],
    ["Notes", "additionalComments"],
    ["allowPublicView", "settings.allowPublicView"],
    ["Approval required?", "settings.requireApproval"],
    ["Time zone", "settings.defaultTimezone"],
  ])("%s → %s", (label, key) => {
    expect(fieldForLabel(label)?.key).toBe(key);
  });

  it.each(["Client Address", "Completed by", "Date", "Page 1 of 1", "Project details", ""])("%s is none of the form's fields", (label) => {
    expect(fieldForLabel(label)).toBeNull();
  });

  it("reads a PDF field's nested name by its last part", () => {
    expect(fieldForFieldName("form1[0].page1[0].clientABN[0]")?.key).toBe("clientABN");
    expect(fieldForFieldName("StartUp.settings.requireApproval")?.key).toBe("settings.requireApproval");
    expect(fieldForFieldName("Text Box 1")).toBeNull();
  });
});

describe("team members", () => {
  it.each([
    ["teamMember1Name", { row: 1, part: "name" }],
    ["teamMembers[0].rate", { row: 0, part: "rate" }],
    ["Team Member 2 - Qualifications", { row: 2, part: "qualifications" }],
    ["team_member_name_3", { row: 3, part: "name" }],
    ["Member 4 Qualification", { row: 4, part: "qualifications" }],
  ])("%s is a team member's slot", (name, slot) => {
    expect(teamMemberSlot(name)).toEqual(slot);
  });

  it("is not fooled by other names", () => {
    expect(teamMemberSlot("Project Team")).toBeNull();
    expect(teamMemberSlot("clientName")).toBeNull();
  });

  it.each([
    ["Name", "name"],
    ["Team Member", "name"],
    ["Hourly Rate", "rate"],
    ["Rate ($/hr)", "rate"],
    ["Qualifications", "qualifications"],
  ])("the table header %s is the %s column", (header, part) => {
    expect(teamColumnForHeader(header)).toBe(part);
  });
});

describe("normaliseFieldValue", () => {
  it("turns day-first dates into yyyy-mm-dd and drops what is not a day", () => {
    expect(normaliseFieldValue(field("projectStartDate"), "03/02/2025")).toBe("2025-02-03");
    expect(normaliseFieldValue(field("projectStartDate"), "3 February 2025")).toBe("2025-02-03");
    expect(normaliseFieldValue(field("projectStartDate"), "2025-02-03")).toBe("2025-02-03");
    expect(normaliseFieldValue(field("projectStartDate"), "31/02/2025")).toBeNull();
    expect(normaliseFieldValue(field("projectStartDate"), "TBC")).toBeNull();
  });

  it("matches choices case-insensitively by value, label or alias", () => {
    expect(normaliseFieldValue(field("sector"), "ENVIRONMENTAL")).toBe("environmental");
    expect(normaliseFieldValue(field("state"), "New South Wales")).toBe("NSW");
    expect(normaliseFieldValue(field("state"), "qld")).toBe("QLD");
    expect(normaliseFieldValue(field("termsOfAgreement"), "services agreement")).toBe("servicesAgreement");
    expect(normaliseFieldValue(field("termsOfEngagement"), "Fixed-Fee")).toBe("fixedFee");
    expect(normaliseFieldValue(field("settings.defaultTimezone"), "Australia/Perth")).toBe("Australia/Perth");
    expect(normaliseFieldValue(field("settings.defaultTimezone"), "Melbourne")).toBe("Australia/Melbourne");
    expect(normaliseFieldValue(field("sector"), "Mining")).toBeNull();
  });

  it("reads an ABN as its digits, and keeps other text for the user to correct", () => {
    expect(normaliseFieldValue(field("clientABN"), "51 824 753 556")).toBe("51824753556");
    expect(normaliseFieldValue(field("clientABN"), "ABN: 53-004-085-616")).toBe("53004085616");
    expect(normaliseFieldValue(field("clientABN"), "applied for")).toBe("applied for");
  });

  it("reads ticks and words for the checkboxes", () => {
    expect(["Yes", "x", "✓", "TRUE", "On"].map(readFlag)).toEqual([true, true, true, true, true]);
    expect(["No", "n/a", "Off", "false", "☐"].map(readFlag)).toEqual([false, false, false, false, false]);
    expect(readFlag("perhaps")).toBeNull();
    expect(normaliseFieldValue(field("settings.requireApproval"), "No")).toBe("false");
  });

  it("keeps text on one line, trimmed and within the field's length; comments keep their lines", () => {
    expect(normaliseFieldValue(field("projectTitle"), "  Hume   Highway\nStage 3 ")).toBe("Hume Highway Stage 3");
    expect(normaliseFieldValue(field("projectTitle"), "x".repeat(500))).toHaveLength(200);
    expect(normaliseFieldValue(field("additionalComments"), " First line\nSecond line ")).toBe("First line\nSecond line");
    expect(normaliseFieldValue(field("region"), "   ")).toBeNull();
  });
});
