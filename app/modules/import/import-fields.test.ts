import { Property } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import { IAP2_LEVELS, INFLUENCE_LEVELS, MEMBER_TYPES, STAKEHOLDER_CATEGORIES, TITLE_TYPES } from "~db/entities/enums";
import { customField, importField, importFields, isImportType, PROPERTY_FIELDS, STAKEHOLDER_FIELDS } from "./import-fields";

const columnsOf = (entity: unknown) => Object.keys((entity as { meta: { properties: Record<string, unknown> } }).meta.properties);
// Set by the system or filled another way (see import-fields.ts), never from a mapped column;
// importRecord is the import that created the row.
const SYSTEM = ["id", "user", "project", "version", "createdAt", "updatedAt", "customFields", "stakeholder", "importRecord", "matchKeys"];

describe("the import's target fields", () => {
  it("cover every stakeholder column the spec lists, with the entity's own keys", () => {
    const keys = STAKEHOLDER_FIELDS.map((f) => f.key).sort();
    expect(keys).toEqual(
      columnsOf(Stakeholder)
        .filter((k) => !SYSTEM.includes(k))
        .sort(),
    );
    expect(keys).toHaveLength(37);
  });

  it("cover every property column the spec lists, with the entity's own keys", () => {
    const keys = PROPERTY_FIELDS.filter((f) => !f.owner)
      .map((f) => f.key)
      .sort();
    expect(keys).toEqual(
      columnsOf(Property)
        .filter((k) => !SYSTEM.includes(k))
        .sort(),
    );
    expect(keys).toHaveLength(56);
    // Plus the owner's contact details, used to find or create the owner stakeholder.
    expect(PROPERTY_FIELDS.filter((f) => f.owner).map((f) => f.key)).toEqual(["ownerEmail", "ownerPhone", "ownerAddress"]);
  });

  it("have unique keys and labels within each import type", () => {
    for (const fields of [STAKEHOLDER_FIELDS, PROPERTY_FIELDS]) {
      expect(new Set(fields.map((f) => f.key)).size).toBe(fields.length);
      expect(new Set(fields.map((f) => f.label.toLowerCase())).size).toBe(fields.length);
    }
  });

  it("require only the name of a stakeholder and the address of a property, with the forms' messages", () => {
    expect(STAKEHOLDER_FIELDS.filter((f) => f.required).map((f) => [f.key, f.requiredMessage])).toEqual([["name", "Name is required"]]);
    expect(PROPERTY_FIELDS.filter((f) => f.required).map((f) => [f.key, f.requiredMessage])).toEqual([["address", "Property address is required"]]);
  });

  it("offer the stored enum values exactly as enums.ts spells them", () => {
    expect(importField("stakeholders", "memberType")).toMatchObject({ type: "enum", values: MEMBER_TYPES, label: "Member type" });
    expect(importField("stakeholders", "stakeholderCategory")?.values).toEqual(STAKEHOLDER_CATEGORIES);
    expect(importField("stakeholders", "influenceLevel")?.values).toEqual(INFLUENCE_LEVELS);
    expect(importField("stakeholders", "iap2EngagementLevel")?.values).toEqual(IAP2_LEVELS);
    expect(importField("properties", "titleType")?.values).toEqual(TITLE_TYPES);
  });

  it("type each field as its column stores it", () => {
    const types = (type: "stakeholders" | "properties", keys: string[]) => keys.map((k) => importField(type, k)?.type);
    expect(types("stakeholders", ["name", "email", "email3", "mobile", "nextActionDueDate", "lastContact", "isActive", "latitude", "notes"])).toEqual([
      "text",
      "email",
      "email",
      "phone",
      "date",
      "date",
      "boolean",
      "decimal",
      "text",
    ]);
    expect(types("properties", ["proprietors", "addresses", "estimatedValue", "taxAssessedValue", "squareFootage", "yearBuilt", "hasLAA", "laaExpiryDate", "boundaryGeoJSON"])).toEqual([
      "list",
      "list",
      "decimal",
      "decimal",
      "integer",
      "integer",
      "boolean",
      "date",
      "json",
    ]);
    // Title dates are stored as the text the title shows (Property.ts).
    expect(types("properties", ["titleDate", "proprietorDate", "ectEffectiveFromDate", "date", "produced", "area"])).toEqual(["text", "text", "text", "text", "text", "text"]);
  });

  it("bound money to decimal(15,2) and coordinates to the globe", () => {
    expect(importField("properties", "estimatedValue")).toMatchObject({ scale: 2, min: -9_999_999_999_999.99, max: 9_999_999_999_999.99 });
    expect(importField("stakeholders", "latitude")).toMatchObject({ min: -90, max: 90 });
    expect(importField("properties", "centroidLng")).toMatchObject({ min: -180, max: 180 });
  });

  it("cap text at the forms' limits", () => {
    expect(importField("stakeholders", "name")?.maxLength).toBe(200);
    expect(importField("stakeholders", "email")?.maxLength).toBe(254);
    expect(importField("stakeholders", "phone")?.maxLength).toBe(50);
    expect(importField("properties", "volume")?.maxLength).toBe(50);
    expect(importField("properties", "lotPlanLine")?.maxLength).toBe(500);
  });

  it("look fields up by key for one import type only", () => {
    expect(importField("stakeholders", "name")?.label).toBe("Name");
    expect(importField("stakeholders", "folio")).toBeUndefined();
    expect(importField("properties", "folio")?.label).toBe("Folio");
    expect(importField("properties", "skip")).toBeUndefined();
    expect(importFields("properties")).toBe(PROPERTY_FIELDS);
  });

  it("recognise the two import types", () => {
    expect(isImportType("stakeholders")).toBe(true);
    expect(isImportType("properties")).toBe(true);
    expect(isImportType("engagements")).toBe(false);
    expect(isImportType(undefined)).toBe(false);
  });

  it("make a custom field a text target named custom:Name", () => {
    expect(customField("Parish")).toEqual({ key: "custom:Parish", label: "Parish", type: "text", required: false, maxLength: 5000 });
  });
});
