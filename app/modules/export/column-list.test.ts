import { describe, expect, it } from "vitest";
import { applyRowEdit } from "~/utils/row-list";
import { blankMapping, describeColumnEdit, exclusionReason, formErrorName, mappingFieldName, MAX_EXPORT_MAPPINGS } from "./column-list";
import { fieldOptions } from "./export-fields";
import { exportFields } from "./export-fields";
import { templateMappings } from "./export-templates";
import { isMappingExported } from "./export-modes";

describe("exclusionReason", () => {
  it("says why a row is Excluded (docs/export.md), and agrees with isMappingExported", () => {
    const cases = [
      [{ enabled: false, dbField: "name", customColumnName: "Name" }, "not enabled"],
      [{ enabled: true, dbField: " ", customColumnName: "Name" }, "no database field"],
      [{ enabled: true, dbField: "name", customColumnName: "  " }, "no column name"],
      [{ enabled: true, dbField: "name", customColumnName: "Name" }, null],
    ] as const;
    for (const [mapping, reason] of cases) {
      expect(exclusionReason(mapping)).toBe(reason);
      expect(isMappingExported(mapping)).toBe(reason === null);
    }
  });
});

describe("form names", () => {
  it("writes cells as remix-validated-form paths and maps /api paths back to them", () => {
    expect(mappingFieldName(3, "dbField")).toBe("mappings[3].dbField");
    expect(formErrorName("mappings.3.dbField")).toBe("mappings[3].dbField");
    expect(formErrorName("mappings")).toBe("_form");
    expect(formErrorName("mode")).toBe("mode");
  });
});

describe("fieldOptions", () => {
  it("offers the type's fields in catalogue order, then the project's custom fields", () => {
    const options = fieldOptions("properties", ["Parish", "LGA"]);
    expect(options.fields.map((o) => o.key)).toEqual(exportFields("properties").map((f) => f.key));
    expect(options.custom).toEqual([
      { key: "custom:Parish", label: "Parish" },
      { key: "custom:LGA", label: "LGA" },
    ]);
  });
});

describe("describeColumnEdit", () => {
  const list = templateMappings("stakeholders", "custom");
  it("names the column and where it went", () => {
    const up = { kind: "up", id: list[2]!.id } as const;
    expect(describeColumnEdit(up, applyRowEdit(list, up, blankMapping))).toBe(`${list[2]!.customColumnName} moved up to position 2.`);
    const remove = { kind: "remove", id: list[0]!.id } as const;
    expect(describeColumnEdit(remove, applyRowEdit(list, remove, blankMapping))).toBe(`${list[0]!.customColumnName} removed.`);
    const add = { kind: "add" } as const;
    expect(describeColumnEdit(add, applyRowEdit(list, add, blankMapping))).toBe("Column 6 added. Choose its database field and name.");
  });

  it("says when nothing changed, e.g. at the column limit", () => {
    const full = Array.from({ length: MAX_EXPORT_MAPPINGS }, (_, i) => blankMapping(String(i + 1)));
    const add = { kind: "add" } as const;
    expect(describeColumnEdit(add, applyRowEdit(full, add, blankMapping, MAX_EXPORT_MAPPINGS))).toBe(`No more than ${MAX_EXPORT_MAPPINGS} columns can be added.`);
  });
});
