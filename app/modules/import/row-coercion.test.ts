import { validateMapping, type MappedColumn } from "./column-mapping";
import { CREATE_NEW_FIELD } from "./import-fields";
import { coerceRow } from "./row-coercion";

function mapped(type: "stakeholders" | "properties", columns: string[], targets: string[]): MappedColumn[] {
  const result = validateMapping(
    type,
    columns,
    targets.map((t) => (t.startsWith("new:") ? { target: CREATE_NEW_FIELD, newFieldName: t.slice(4) } : { target: t })),
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.columns;
}

describe("coerceRow", () => {
  const columns = ["Landholder", "E-mail", "Type", "Due", "Parish", "Council", "Ignored"];
  const mapping = mapped("stakeholders", columns, ["name", "email", "memberType", "nextActionDueDate", "new:Parish", "new:LGA", "skip"]);

  it("gives the values to write, custom fields apart", () => {
    const result = coerceRow("stakeholders", mapping, ["  SMITH, John ", "John@Example.com", "individual", "03/04/2024", "Buangor", 12, "whatever"]);
    expect(result).toEqual({
      ok: true,
      values: { name: "SMITH, John", email: "john@example.com", memberType: "Individual", nextActionDueDate: "2024-04-03" },
      customFields: { Parish: "Buangor", LGA: "12" },
    });
  });

  it("keeps blank optional cells as null and leaves blank custom cells out", () => {
    const result = coerceRow("stakeholders", mapping, ["Jane Citizen", "", null, undefined, "  ", ""]);
    expect(result).toEqual({ ok: true, values: { name: "Jane Citizen", email: null, memberType: null, nextActionDueDate: null }, customFields: null });
  });

  it("lists every problem of a skipped row with its column and value", () => {
    const result = coerceRow("stakeholders", mapping, ["", "not an email", "Person", "31/02/2024", "Buangor"]);
    expect(result).toEqual({
      ok: false,
      problems: [
        { index: 0, column: "Landholder", value: "", reason: "Name is required" },
        { index: 1, column: "E-mail", value: "not an email", reason: "Not an e-mail address: 'not an email'" },
        { index: 2, column: "Type", value: "Person", reason: "Not one of Individual, Business, Organization, Government: 'Person'" },
        { index: 3, column: "Due", value: "31/02/2024", reason: "Not a date: '31/02/2024'" },
      ],
    });
  });

  it("skips every row when the required field has no column", () => {
    const noAddress = mapped("properties", ["Vol", "Fol"], ["volume", "folio"]);
    expect(coerceRow("properties", noAddress, ["12345", "678"])).toEqual({
      ok: false,
      problems: [{ index: -1, column: "", value: "", reason: "Property address is required" }],
    });
  });

  it("writes a property row's lists, money and booleans", () => {
    const columns = mapped("properties", ["Address", "Owners", "Value", "LAA", "Title Date"], ["address", "proprietors", "estimatedValue", "hasLAA", "titleDate"]);
    const result = coerceRow("properties", columns, ["22 Lake Rd, Buangor VIC 3375", "SMITH, JOHN; SMITH, MARY", "$450,000", "Y", new Date(Date.UTC(1987, 5, 4))]);
    expect(result).toEqual({
      ok: true,
      values: { address: "22 Lake Rd, Buangor VIC 3375", proprietors: ["SMITH, JOHN", "SMITH, MARY"], estimatedValue: 450000, hasLAA: true, titleDate: "04/06/1987" },
      customFields: null,
    });
  });

  it("stores a formula-looking cell as the text it is", () => {
    const columns = mapped("stakeholders", ["Name", "Notes"], ["name", "notes"]);
    expect(coerceRow("stakeholders", columns, ['=HYPERLINK("http://x.example","x")', "@cmd"])).toEqual({
      ok: true,
      values: { name: '=HYPERLINK("http://x.example","x")', notes: "@cmd" },
      customFields: null,
    });
  });
});
