import { describe, expect, it } from "vitest";
import { fieldOptions } from "./export-fields";
import { ENGAGEMENT_FIELD_ALIASES, exportFieldKey, exportFields, findExportField } from "./export-fields";
import { buildExportQuery } from "./export-query.server";
import { templateMappings } from "./export-templates";
import { ExportRequestSchema } from "./schemas";

/** The engagement export fields as the product description names them (docs/export.md#engagement-fields). */
const SPEC_NAMES = [
  "engagement_type",
  "title",
  "description",
  "location",
  "outcome",
  "follow_up_required",
  "follow_up_date",
  "notes",
  "scheduled_at",
  "completed_at",
  "status",
  "priority",
  "communication_channel",
  "stakeholder_name",
  "stakeholder_address",
  "stakeholder_phone",
  "stakeholder_email",
  "related_volume_folios",
  "property_addresses",
  "lot_plans",
  "parishes",
  "lgas",
  "created_at",
  "updated_at",
];

/** The names the engagement fields had before, each with the spec name it stands for. */
const EARLIER_NAMES: [string, string][] = [
  ["type", "engagement_type"],
  ["subject", "title"],
  ["outcomes", "outcome"],
  ["followUpRequired", "follow_up_required"],
  ["followUpDate", "follow_up_date"],
  ["scheduledAt", "scheduled_at"],
  ["completedAt", "completed_at"],
  ["communicationChannel", "communication_channel"],
  ["stakeholderName", "stakeholder_name"],
  ["stakeholderAddress", "stakeholder_address"],
  ["stakeholderPhone", "stakeholder_phone"],
  ["stakeholderEmail", "stakeholder_email"],
  ["propertyVolumeFolios", "related_volume_folios"],
  ["propertyAddresses", "property_addresses"],
  ["propertyLotPlans", "lot_plans"],
  ["propertyParishes", "parishes"],
  ["propertyLgas", "lgas"],
  ["keyTopics", "key_topics"],
  ["recordedBy", "recorded_by"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
];

const engagementExport = (dbFields: string[]) =>
  ExportRequestSchema.safeParse({
    exportType: "engagements",
    mode: "custom",
    mappings: dbFields.map((dbField, i) => ({ id: String(i + 1), dbField, customColumnName: `Column ${i + 1}`, enabled: true })),
  });

describe("engagement export field names", () => {
  it("resolves every spec name to the field of that key", () => {
    for (const name of SPEC_NAMES) expect(findExportField("engagements", name)?.key, name).toBe(name);
    expect(findExportField("engagements", "description")).toMatchObject({ label: "Description", type: "text" });
    expect(findExportField("engagements", "priority")).toMatchObject({ label: "Priority", type: "text" });
  });

  it("keeps the earlier names as aliases of the same fields", () => {
    expect(Object.entries(ENGAGEMENT_FIELD_ALIASES).sort()).toEqual([...EARLIER_NAMES].sort());
    for (const [alias, key] of EARLIER_NAMES) {
      expect(exportFieldKey("engagements", alias)).toBe(key);
      expect(findExportField("engagements", alias), alias).toBe(findExportField("engagements", key));
    }
    // No alias is also a key, so a name never means two fields.
    const keys = new Set(exportFields("engagements").map((f) => f.key));
    for (const alias of Object.keys(ENGAGEMENT_FIELD_ALIASES)) expect(keys.has(alias), alias).toBe(false);
  });

  it("still refuses unknown names, and the aliases are engagement names only", () => {
    for (const name of ["passwordHash", "Title", "engagementType", "toString", "constructor", "__proto__", "custom:Parish", ""]) {
      expect(findExportField("engagements", name), name).toBeNull();
    }
    expect(findExportField("stakeholders", "subject")).toBeNull();
    expect(findExportField("properties", "title")).toBeNull();
    expect(exportFieldKey("stakeholders", "createdAt")).toBe("createdAt");
  });

  it("the export request accepts spec names and aliases (carrying the key) and refuses unknown fields", () => {
    const parsed = engagementExport(["title", "subject", "description", "priority", " outcomes "]);
    expect(parsed.success && parsed.data.mappings.map((m) => m.dbField)).toEqual(["title", "title", "description", "priority", "outcome"]);
    const unknown = engagementExport(["title", "passwordHash"]);
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues).toEqual([expect.objectContaining({ path: ["mappings", 1, "dbField"], message: "Unknown field for engagements: passwordHash" })]);
  });

  it("offers description and priority on the screen and in all-fields, leaving standard and custom as they were", () => {
    const offered = fieldOptions("engagements", []).fields.map((o) => o.key);
    expect(offered).toEqual(expect.arrayContaining(["description", "priority"]));
    expect(templateMappings("engagements", "all-fields").map((m) => m.dbField)).toEqual(expect.arrayContaining(["description", "priority"]));
    expect(templateMappings("engagements", "standard")).toHaveLength(15);
    expect(templateMappings("engagements", "custom").map((m) => m.dbField)).toEqual(["date", "engagement_type", "title", "stakeholder_name", "outcome"]);
  });

  it("reads an alias with the same SQL as its key, and binds the project's today only for priority", () => {
    const bySpec = buildExportQuery(
      "engagements",
      "custom",
      [
        { dbField: "title", columnName: "T" },
        { dbField: "related_volume_folios", columnName: "V" },
      ],
      1,
      "UTC",
    );
    const byAlias = buildExportQuery(
      "engagements",
      "custom",
      [
        { dbField: "subject", columnName: "T" },
        { dbField: "propertyVolumeFolios", columnName: "V" },
      ],
      1,
      "UTC",
    );
    expect(byAlias).toEqual(bySpec);
    expect(bySpec.text).toContain("e.subject as c0");
    const priority = buildExportQuery("engagements", "custom", [{ dbField: "priority", columnName: "P" }], 7, "Australia/Perth", "2025-03-05");
    expect(priority.values).toEqual([7, "Australia/Perth", "2025-03-05"]);
    expect(priority.text).toContain("$3::date");
    expect(buildExportQuery("engagements", "custom", [{ dbField: "description", columnName: "D" }], 7, "Australia/Perth", "2025-03-05").values).toEqual([7]);
  });
});
