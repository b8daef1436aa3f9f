import { displayCell, SheetTable, uniqueHeaderNames } from "./sheet-table";

const limits = { maxColumns: 5, maxCellChars: 20 };

describe("sheet table", () => {
  it("takes the first non-empty row as the header and skips empty rows", () => {
    const table = new SheetTable(limits);
    expect(table.push(1, [])).toBeNull();
    expect(table.push(2, [null, "  ", ""])).toBeNull();
    expect(table.push(3, ["Name", "Email"])).toBeNull();
    expect(table.push(4, ["Zoë", "zoe@example.com"])).toEqual(["Zoë", "zoe@example.com"]);
    expect(table.push(5, [null, null])).toBeNull();
    expect(table.push(6, ["Müller", null, null])).toEqual(["Müller"]);
    expect(table.dataRows).toBe(2);
    expect(table.columns()).toEqual([
      { name: "Name", index: 0, sampleData: ["Zoë", "Müller"] },
      { name: "Email", index: 1, sampleData: ["zoe@example.com"] },
    ]);
  });

  it("keeps the first three non-empty values of each column as samples", () => {
    const table = new SheetTable(limits);
    table.push(1, ["A"]);
    for (const [i, v] of ["", "x", " ", "y", "z", "w"].entries()) table.push(i + 2, [v === "" ? null : v, "other"]);
    expect(table.columns()[0]!.sampleData).toEqual(["x", "y", "z"]);
    // A column the data reached beyond the header is named for its position.
    expect(table.columns()[1]).toEqual({ name: "Column 2", index: 1, sampleData: ["other", "other", "other"] });
  });

  it("refuses a row past the column limit and a cell past the length limit", () => {
    const table = new SheetTable(limits);
    expect(() => table.push(1, ["a", "b", "c", "d", "e", "f"])).toThrow(/more than 5 columns/);
    // Trailing empty cells do not count.
    expect(table.push(1, ["a", "b", "c", "d", "e", null, ""])).toBeNull();
    expect(() => table.push(7, ["x".repeat(21)])).toThrow("Row 7 has a cell longer than 20 characters.");
  });

  it("replaces NUL characters, which PostgreSQL's jsonb cannot store", () => {
    const table = new SheetTable(limits);
    table.push(1, ["A"]);
    expect(table.push(2, ["a\u0000b"])).toEqual(["a\ufffdb"]);
  });

  it("makes header names unique and names blank headers", () => {
    expect(uniqueHeaderNames(["Phone", "Phone", "phone", " Name  ", "", "Phone (2)"])).toEqual(["Phone", "Phone (3)", "phone (4)", "Name", "Column 5", "Phone (2)"]);
  });

  it("shows cells as a reader of the file sees them", () => {
    expect(displayCell(new Date(Date.UTC(2024, 2, 5)))).toBe("05/03/2024");
    expect(displayCell(new Date(Date.UTC(2024, 2, 5, 14, 30)))).toBe("05/03/2024 14:30");
    expect(displayCell(0.1 + 0.2)).toBe("0.3");
    expect(displayCell(true)).toBe("TRUE");
    expect(displayCell("  padded ")).toBe("padded");
    expect(displayCell(null)).toBe("");
    expect(displayCell("y".repeat(150))).toHaveLength(100);
  });
});
