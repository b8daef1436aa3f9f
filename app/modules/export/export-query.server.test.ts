import { describe, expect, it } from "vitest";
import { exportFields } from "./export-fields";
import { EXPORT_TYPES } from "./export-types";
import { buildExportQuery, EXPRESSION_KEYS, LIST_JOIN } from "./export-query.server";
import { templateMappings } from "./export-templates";
import { exportedColumns, exportModesFor } from "./export-modes";

describe("buildExportQuery", () => {
  it("has an expression for every field of the catalogue, and none for fields it lacks", () => {
    for (const type of EXPORT_TYPES) expect(new Set(EXPRESSION_KEYS[type]), type).toEqual(new Set(exportFields(type).map((f) => f.key)));
  });

  it("selects the template's columns in order for every mode, scoped to the project", () => {
    for (const type of EXPORT_TYPES) {
      for (const mode of exportModesFor(type)) {
        const columns = exportedColumns(templateMappings(type, mode));
        const query = buildExportQuery(type, mode, columns, 42, "Australia/Perth");
        expect(
          query.fields.map((f) => f.key),
          `${type} ${mode}`,
        ).toEqual(columns.map((c) => c.dbField));
        expect(query.text).toContain(`c${columns.length - 1} from`);
        expect(query.text).toMatch(/where [spegc]\.project_id = \$1 order by/);
        expect(query.values[0]).toBe(42);
      }
    }
  });

  it("binds the time zone only when a column needs it, and custom-field names always", () => {
    const plain = buildExportQuery("stakeholders", "custom", [{ dbField: "name", columnName: "Name" }], 1, "Australia/Perth");
    expect(plain.values).toEqual([1]);
    const hostile = `x' ); drop table stakeholder; --`;
    const query = buildExportQuery(
      "stakeholders",
      "custom",
      [
        { dbField: "lastContact", columnName: "Last" },
        { dbField: `custom:${hostile}`, columnName: "C" },
      ],
      1,
      "Australia/Perth",
    );
    expect(query.values).toEqual([1, "Australia/Perth", hostile]);
    expect(query.text).not.toContain("drop table");
    expect(query.text).toContain("s.custom_fields -> $3::text");
  });

  it("joins linked records only when a linked column is asked for; Property + Stakeholder joins a row per link", () => {
    expect(buildExportQuery("properties", "standard", [{ dbField: "address", columnName: "A" }], 1, "UTC").text).not.toContain("lateral");
    expect(buildExportQuery("properties", "standard", [{ dbField: "stakeholderName", columnName: "N" }], 1, "UTC").text).toContain("string_agg(replace((ls.name)::text");
    const perLink = buildExportQuery("properties", "property-stakeholder", [{ dbField: "stakeholderName", columnName: "N" }], 1, "UTC").text;
    expect(perLink).not.toContain("string_agg");
    expect(perLink).toContain("ls.prio");
    expect(() => buildExportQuery("engagements", "standard", [{ dbField: "custom:Parish", columnName: "P" }], 1, "UTC")).toThrow(RangeError);
  });

  it("hands linked-record lists over as one text joined by LIST_JOIN, never as arrays, and says which columns they are", () => {
    for (const type of EXPORT_TYPES) {
      for (const mode of exportModesFor(type)) {
        const columns = exportedColumns(templateMappings(type, mode));
        const query = buildExportQuery(type, mode, columns, 1, "UTC");
        expect(query.text, `${type} ${mode}`).not.toContain("array_agg");
        expect(query.joined).toHaveLength(columns.length);
        const lists = query.fields.filter((field, i) => query.joined[i]);
        expect(
          lists.every((field) => field.type === "list" && field.source === "linked"),
          `${type} ${mode}`,
        ).toBe(true);
      }
    }
    const query = buildExportQuery(
      "properties",
      "standard",
      [
        { dbField: "address", columnName: "A" },
        { dbField: "stakeholderName", columnName: "N" },
        { dbField: "stakeholderLastContact", columnName: "L" },
      ],
      1,
      "UTC",
    );
    expect(query.joined).toEqual([false, true, false]);
    expect(LIST_JOIN).toBe("\u0001");
    expect(query.text).toContain(`E'\\x01'`);
    expect(buildExportQuery("properties", "property-stakeholder", [{ dbField: "stakeholderName", columnName: "N" }], 1, "UTC").joined).toEqual([false]);
  });

  it("grievances: labels stored values, names the complainant, joins its one stakeholder and property of the project", () => {
    const columns = exportedColumns(templateMappings("grievances", "standard"));
    const query = buildExportQuery("grievances", "standard", columns, 9, "Australia/Brisbane");
    expect(query.text).toContain("from grievance g left join stakeholder gs on gs.id = g.stakeholder_id and gs.project_id = g.project_id");
    expect(query.text).toContain("when 'gates_fences' then 'Gates and fences'");
    expect(query.text).toContain("when 'response_proposed' then");
    expect(query.values).toEqual([9, "Australia/Brisbane"]);
    expect(query.joined.every((j) => !j)).toBe(true);
  });

  it("commitments: stakeholders and properties each one joined list; Overdue on the project's today", () => {
    const query = buildExportQuery(
      "commitments",
      "custom",
      [
        { dbField: "stakeholders", columnName: "S" },
        { dbField: "overdue", columnName: "O" },
        { dbField: "description", columnName: "D" },
      ],
      9,
      "Australia/Brisbane",
      "2026-03-05",
    );
    expect(query.joined).toEqual([true, false, false]);
    expect(query.values).toEqual([9, "2026-03-05"]);
    expect(query.text).toContain("c.due_date < $2::date");
    expect(query.text).toContain("from commitment_stakeholder cs join stakeholder ls on ls.id = cs.stakeholder_id and ls.project_id = c.project_id");
  });
});
