import { autoMapColumns, MAPPING_MESSAGES, normaliseCustomName, validateMapping } from "./column-mapping";
import { CREATE_NEW_FIELD, importField, SKIP } from "./import-fields";

describe("normaliseCustomName", () => {
  it("trims, collapses spaces and drops control characters", () => {
    expect(normaliseCustomName("  Parish   name ")).toBe("Parish name");
    expect(normaliseCustomName("Parish\u0000\tname\n")).toBe("Parish name");
    expect(normaliseCustomName("   ")).toBe("");
  });
});

describe("validateMapping", () => {
  const columns = ["Landholder", "Email", "Parish", "Favourite colour"];

  it("accepts a mapping and names each column's target", () => {
    const result = validateMapping("stakeholders", columns, [{ target: "name" }, { target: "email" }, { target: CREATE_NEW_FIELD, newFieldName: "  Parish   name " }, { target: SKIP }]);
    expect(result).toEqual({
      ok: true,
      columns: [
        { index: 0, column: "Landholder", target: "name", field: importField("stakeholders", "name") },
        { index: 1, column: "Email", target: "email", field: importField("stakeholders", "email") },
        { index: 2, column: "Parish", target: "custom:Parish name", field: { key: "custom:Parish name", label: "Parish name", type: "text", required: false, maxLength: 5000 } },
      ],
      customNames: ["Parish name"],
      missingRequired: [],
    });
  });

  it("accepts the /api form of a custom field, custom:Name", () => {
    const result = validateMapping("properties", ["Address", "Parish"], [{ target: "address" }, { target: "custom: Parish " }]);
    expect(result.ok && result.columns.map((c) => c.target)).toEqual(["address", "custom:Parish"]);
  });

  it("needs at least one column that is not skipped", () => {
    const expected = { ok: false, errors: {}, formError: "Map at least one column to a field before importing" };
    expect(validateMapping("stakeholders", columns, [{ target: SKIP }, { target: "" }, { target: null }, {}])).toEqual(expected);
    expect(validateMapping("stakeholders", columns, [])).toEqual(expected);
  });

  it("needs a name for every new field", () => {
    const result = validateMapping("stakeholders", columns, [{ target: "name" }, { target: CREATE_NEW_FIELD, newFieldName: "   " }, { target: CREATE_NEW_FIELD }, { target: "custom:" }]);
    expect(result).toEqual({ ok: false, errors: { 1: "Enter a name for the new field", 2: "Enter a name for the new field", 3: "Enter a name for the new field" }, formError: null });
  });

  it("counts a column set to Create new field as mapped, even before it is named", () => {
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD }])).toEqual({ ok: false, errors: { 0: "Enter a name for the new field" }, formError: null });
  });

  it("refuses a field the import type does not have", () => {
    expect(validateMapping("stakeholders", ["Vol"], [{ target: "volume" }])).toEqual({ ok: false, errors: { 0: "Choose a field from the list" }, formError: null });
    expect(validateMapping("properties", ["X"], [{ target: "__proto__" }])).toEqual({ ok: false, errors: { 0: "Choose a field from the list" }, formError: null });
  });

  it("refuses a field chosen for two columns, naming the first", () => {
    const result = validateMapping("stakeholders", ["Email", "E-mail Address", "Work email"], [{ target: "email" }, { target: "email" }, { target: "email" }]);
    expect(result).toEqual({
      ok: false,
      errors: { 1: "Email is already chosen for column 'Email': choose another field or Skip", 2: "Email is already chosen for column 'Email': choose another field or Skip" },
      formError: null,
    });
  });

  it("refuses two new fields whose names differ only in case or spacing", () => {
    const result = validateMapping(
      "stakeholders",
      ["Parish", "PARISH"],
      [
        { target: CREATE_NEW_FIELD, newFieldName: "Parish" },
        { target: CREATE_NEW_FIELD, newFieldName: " parish " },
      ],
    );
    expect(result).toEqual({ ok: false, errors: { 1: "parish is already chosen for column 'Parish': choose another field or Skip" }, formError: null });
  });

  it("refuses a new field named like an existing one", () => {
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "E-mail" }])).toEqual({
      ok: false,
      errors: { 0: "Email is already a field: choose it from the list" },
      formError: null,
    });
    expect(validateMapping("properties", ["A"], [{ target: "custom:lotPlanLine" }])).toEqual({ ok: false, errors: { 0: "Lot/Plan is already a field: choose it from the list" }, formError: null });
  });

  it("refuses names that would reach an object's prototype, and over-long names", () => {
    expect(validateMapping("stakeholders", ["A"], [{ target: "custom:__proto__" }])).toEqual({ ok: false, errors: { 0: "Choose another name: '__proto__' cannot be used" }, formError: null });
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "constructor" }])).toEqual({
      ok: false,
      errors: { 0: "Choose another name: 'constructor' cannot be used" },
      formError: null,
    });
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "x".repeat(101) }])).toEqual({ ok: false, errors: { 0: MAPPING_MESSAGES.nameTooLong }, formError: null });
    expect(validateMapping("stakeholders", ["A"], [{ target: CREATE_NEW_FIELD, newFieldName: "x".repeat(100) }]).ok).toBe(true);
  });

  it("allows at most 100 custom fields", () => {
    const many = Array.from({ length: 101 }, (_, i) => `Extra ${i}`);
    const result = validateMapping(
      "stakeholders",
      many,
      many.map((name) => ({ target: CREATE_NEW_FIELD, newFieldName: name })),
    );
    expect(result).toEqual({ ok: false, errors: {}, formError: "At most 100 custom fields" });
    expect(
      validateMapping(
        "stakeholders",
        many.slice(1),
        many.slice(1).map((name) => ({ target: CREATE_NEW_FIELD, newFieldName: name })),
      ).ok,
    ).toBe(true);
  });

  it("reports a required field left unmapped without refusing the mapping", () => {
    const result = validateMapping("properties", ["Vol", "Fol"], [{ target: "volume" }, { target: "folio" }]);
    expect(result.ok).toBe(true);
    expect(result.ok && result.missingRequired.map((f) => f.key)).toEqual(["address"]);
  });

  it("validates the automatic mapping as it stands", () => {
    const headers = ["Landholder", "E-mail Address", "Council", "ID"];
    const auto = autoMapColumns("stakeholders", headers);
    const result = validateMapping("stakeholders", headers, auto);
    expect(result.ok && result.columns.map((c) => [c.index, c.target])).toEqual([
      [0, "name"],
      [1, "email"],
      [2, "custom:LGA"],
    ]);
  });
});
