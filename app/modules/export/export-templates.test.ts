import { describe, expect, it } from "vitest";
import { EXPORT_VALUE_TYPES, exportFields, findExportField, PROPERTY_STAKEHOLDER_FIELDS, TYPES_WITH_CUSTOM_FIELDS } from "./export-fields";
import { EXPORT_TYPES } from "./export-types";
import { templateMappings } from "./export-templates";
import { EXPORT_MODES, exportedColumns, exportModesFor, isMappingExported, NO_FIELDS_MESSAGE, type ExportMapping } from "./export-modes";
import { ExportRequestSchema } from "./schemas";

const names = (mappings: ExportMapping[]) => mappings.map((m) => m.customColumnName);
const keys = (mappings: ExportMapping[]) => mappings.map((m) => m.dbField);

describe("export field catalogue", () => {
  it("has unique keys and labels of a known value type for every export type", () => {
    for (const type of EXPORT_TYPES) {
      const fields = exportFields(type);
      expect(new Set(fields.map((f) => f.key)).size, type).toBe(fields.length);
      expect(new Set(fields.map((f) => f.label)).size, type).toBe(fields.length);
      for (const field of fields) expect(EXPORT_VALUE_TYPES).toContain(field.type);
    }
  });

  it("gives properties the linked stakeholder attributes of docs/export.md, in its order", () => {
    expect(PROPERTY_STAKEHOLDER_FIELDS.map((f) => f.label)).toEqual([
      "Stakeholder Name",
      "Stakeholder Address",
      "Stakeholder Phone",
      "Stakeholder Email",
      "Stakeholder Type",
      "Stakeholder Category",
      "Influence Level",
      "IAP2 Level",
      "Last Contact",
    ]);
    for (const field of PROPERTY_STAKEHOLDER_FIELDS) expect(findExportField("properties", field.key)).toEqual(field);
  });

  it("gives engagements the stakeholder and related property fields", () => {
    const labels = exportFields("engagements").map((f) => f.label);
    for (const label of ["Stakeholder", "Stakeholder Address", "Stakeholder Phone", "Stakeholder Email", "Volume/Folio", "Property Address", "Lot/Plan", "Parish", "LGA", "Created", "Updated"]) {
      expect(labels).toContain(label);
    }
  });

  it("accepts custom:<name> fields for stakeholders and properties only", () => {
    expect(findExportField("properties", "custom:Parish")).toEqual({ key: "custom:Parish", label: "Parish", type: "json", source: "custom" });
    expect(findExportField("stakeholders", "custom:Preferred contact")?.label).toBe("Preferred contact");
    expect(findExportField("engagements", "custom:Parish")).toBeNull();
    expect(findExportField("properties", "custom:  ")).toBeNull();
    expect(findExportField("properties", "password")).toBeNull();
  });
});

describe("export templates", () => {
  it("offers search-report and property-stakeholder for properties only", () => {
    expect(exportModesFor("properties")).toEqual([...EXPORT_MODES]);
    expect(exportModesFor("stakeholders")).toEqual(["standard", "custom", "all-fields"]);
    expect(exportModesFor("engagements")).toEqual(["standard", "custom", "all-fields"]);
    expect(() => templateMappings("stakeholders", "search-report")).toThrow(RangeError);
  });

  it("stakeholders standard: 10 columns", () => {
    expect(names(templateMappings("stakeholders", "standard"))).toEqual([
      "Name",
      "Stakeholder Type",
      "Category",
      "Email",
      "Phone",
      "Address",
      "Influence Level",
      "IAP2 Level",
      "Last Contact",
      "Notes",
    ]);
  });

  it("properties standard: 26 columns, the property's (with what the affected areas take) then its stakeholders'", () => {
    const mappings = templateMappings("properties", "standard");
    expect(names(mappings)).toEqual([
      "Property Address",
      "Volume",
      "Folio",
      "Lot/Plan",
      "Title Type",
      "Tenancy Type",
      "Proprietors",
      "Encumbrances",
      "Area",
      "Affected area (ha)",
      "Affected area (%)",
      "Zoning",
      "LAA in Place",
      "LAA Expiry Date",
      "Next Action",
      "Next Action Due",
      "Notes",
      ...PROPERTY_STAKEHOLDER_FIELDS.map((f) => f.label),
    ]);
    expect(mappings).toHaveLength(26);
  });

  it("search report: 19 title-search columns then the found address, phone and e-mail (22)", () => {
    const mappings = templateMappings("properties", "search-report");
    expect(mappings).toHaveLength(22);
    expect(names(mappings).slice(0, 19)).toEqual([
      "Property Address",
      "Volume",
      "Folio",
      "Lot",
      "Plan Number",
      "Lot/Plan",
      "Title Type",
      "Tenancy Type",
      "Proprietor",
      "Proprietors",
      "Proprietor Instrument",
      "Proprietor Date",
      "Encumbrances",
      "Area",
      "SPI Number",
      "Security Number",
      "Title Date",
      "Search Number",
      "Date Produced",
    ]);
    expect(mappings.slice(19).map((m) => [m.dbField, m.customColumnName])).toEqual([
      ["stakeholderAddress", "Found Address"],
      ["stakeholderPhone", "Found Phone"],
      ["stakeholderEmail", "Found Email"],
    ]);
  });

  it("property + stakeholder: 23 columns ending with the 9 stakeholder attributes", () => {
    const mappings = templateMappings("properties", "property-stakeholder");
    expect(mappings).toHaveLength(23);
    expect(names(mappings).slice(0, 14)).toEqual([
      "Property Address",
      "Volume",
      "Folio",
      "Lot/Plan",
      "Title Type",
      "Tenancy Type",
      "Proprietors",
      "Area",
      "Zoning",
      "LAA in Place",
      "LAA Expiry Date",
      "LAA Details",
      "Next Action",
      "Next Action Due",
    ]);
    expect(keys(mappings).slice(14)).toEqual(PROPERTY_STAKEHOLDER_FIELDS.map((f) => f.key));
  });

  it("engagements standard: 15 columns", () => {
    expect(names(templateMappings("engagements", "standard"))).toEqual([
      "Date",
      "Engagement Type",
      "Subject",
      "Stakeholder",
      "Stakeholder Phone",
      "Stakeholder Email",
      "Location",
      "Outcome",
      "Notes",
      "Follow-up Required",
      "Follow-up Date",
      "Volume/Folio",
      "Property Address",
      "Parish",
      "LGA",
    ]);
  });

  it("custom starts with the first 5 fields of the type", () => {
    expect(names(templateMappings("stakeholders", "custom"))).toEqual(["Name", "Email", "Phone", "Address", "Stakeholder Type"]);
    expect(names(templateMappings("properties", "custom"))).toEqual(["Property Address", "Volume", "Folio", "Lot/Plan", "Proprietors"]);
    expect(names(templateMappings("engagements", "custom"))).toEqual(["Date", "Engagement Type", "Subject", "Stakeholder", "Outcome"]);
  });

  it("grievances and commitments: a standard template each, with the spec's labels", () => {
    expect(names(templateMappings("grievances", "standard"))).toEqual([
      "Reference",
      "Received",
      "Channel",
      "Complainant",
      "Property",
      "Category",
      "Severity",
      "Description",
      "Stage",
      "Owner",
      "Acknowledge By",
      "Resolve By",
      "Resolution",
      "Action Taken",
      "Complainant Accepted",
      "Closed",
    ]);
    expect(names(templateMappings("commitments", "standard"))).toEqual([
      "Commitment",
      "Stakeholders",
      "Properties",
      "Promised On",
      "Due Date",
      "Status",
      "Overdue",
      "Owner",
      "Made At",
      "Fulfilled On",
      "Evidence",
      "Cancellation Reason",
    ]);
    for (const type of ["grievances", "commitments"] as const) expect(exportModesFor(type)).toEqual(["standard", "custom", "all-fields"]);
  });

  it("all-fields: every field of the type, then one column per custom field (engagements, grievances and commitments have none)", () => {
    for (const type of EXPORT_TYPES) {
      const custom = ["Parish", "LGA", "Parish", " "];
      const mappings = templateMappings(type, "all-fields", custom);
      const fieldKeys = exportFields(type).map((f) => f.key);
      const hasCustom = TYPES_WITH_CUSTOM_FIELDS.includes(type);
      const expectedCustom = hasCustom ? ["custom:Parish", "custom:LGA"] : [];
      expect(keys(mappings)).toEqual([...fieldKeys, ...expectedCustom]);
      if (hasCustom) expect(names(mappings).slice(-2)).toEqual(["Parish", "LGA"]);
    }
  });

  it("numbers its rows and enables them all", () => {
    const mappings = templateMappings("properties", "standard");
    expect(mappings.map((m) => m.id)).toEqual(mappings.map((_, i) => String(i + 1)));
    expect(mappings.every((m) => m.enabled)).toBe(true);
    for (const type of EXPORT_TYPES)
      for (const mode of exportModesFor(type)) for (const m of templateMappings(type, mode)) expect(findExportField(type, m.dbField), `${type} ${mode} ${m.dbField}`).not.toBeNull();
  });
});

describe("export rules (docs/export.md)", () => {
  const row = (over: Partial<ExportMapping>): ExportMapping => ({ id: "1", dbField: "name", customColumnName: "Name", enabled: true, ...over });

  it("exports only enabled rows with a field and a non-blank column name", () => {
    expect(isMappingExported(row({}))).toBe(true);
    expect(isMappingExported(row({ enabled: false }))).toBe(false);
    expect(isMappingExported(row({ dbField: "" }))).toBe(false);
    expect(isMappingExported(row({ customColumnName: "   " }))).toBe(false);
    expect(exportedColumns([row({ customColumnName: " Full name " }), row({ id: "2", enabled: false, dbField: "email" }), row({ id: "3", dbField: "phone", customColumnName: "Mobile" })])).toEqual([
      { dbField: "name", columnName: "Full name" },
      { dbField: "phone", columnName: "Mobile" },
    ]);
  });

  it("the request schema needs at least one exported column", () => {
    const result = ExportRequestSchema.safeParse({ exportType: "stakeholders", mappings: [row({ enabled: false })] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([NO_FIELDS_MESSAGE]);
    expect(ExportRequestSchema.safeParse({ exportType: "stakeholders" }).error?.issues[0]?.message).toBe(NO_FIELDS_MESSAGE);
  });

  it("the request schema defaults mode and format, reads form text, and refuses unknown fields and modes", () => {
    const ok = ExportRequestSchema.parse({ exportType: "properties", mappings: JSON.stringify([{ id: 1, dbField: "address", customColumnName: "Address", enabled: "on" }]), projectId: "7" });
    expect(ok).toMatchObject({ mode: "standard", format: "xlsx", mappings: [{ id: "1", enabled: true }] });
    expect(ExportRequestSchema.safeParse({ exportType: "properties", mappings: [row({ dbField: "password" })] }).success).toBe(false);
    expect(ExportRequestSchema.safeParse({ exportType: "stakeholders", mode: "search-report", mappings: [row({})] }).error?.issues[0]?.message).toBe("Search Report is for properties only");
    expect(ExportRequestSchema.safeParse({ exportType: "properties", format: "pdf", mappings: [row({ dbField: "address" })] }).success).toBe(false);
    // A disabled row's unknown field does not matter: it is excluded anyway.
    expect(ExportRequestSchema.safeParse({ exportType: "stakeholders", mappings: [row({}), row({ id: "2", dbField: "nope", enabled: false })] }).success).toBe(true);
  });
});
