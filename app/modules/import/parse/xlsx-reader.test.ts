import { partPath, xlsxCellValue } from "./xlsx-reader.server";

describe("xlsx cells and parts", () => {
  it("resolves relationship targets, relative or absolute (exceljs#2663)", () => {
    expect(partPath("worksheets/sheet1.xml")).toBe("xl/worksheets/sheet1.xml");
    expect(partPath("/xl/worksheets/sheet2.xml")).toBe("xl/worksheets/sheet2.xml");
    expect(partPath("./worksheets/../worksheets/sheet3.xml")).toBe("xl/worksheets/sheet3.xml");
  });

  it("gives cached formula results, never evaluating, and keeps a formula without one as text", () => {
    expect(xlsxCellValue({ value: { formula: "1+1", result: 2 } }, false)).toBe(2);
    expect(xlsxCellValue({ value: { formula: 'HYPERLINK("http://x","y")', result: "y" } }, false)).toBe("y");
    expect(xlsxCellValue({ value: { formula: 'HYPERLINK("http://example.com","Title")' } }, false)).toBe('=HYPERLINK("http://example.com","Title")');
    expect(xlsxCellValue({ value: { formula: "", result: undefined } }, false)).toBeNull();
    expect(xlsxCellValue({ value: { formula: "A1", result: { error: "#REF!" } } }, false)).toBe("#REF!");
  });

  it("turns a date-formatted formula result into a Date at midnight UTC", () => {
    const value = xlsxCellValue({ value: { formula: "DATE(2024,3,5)", result: 45356 }, numFmt: "dd/mm/yyyy" }, false);
    expect(value).toEqual(new Date(Date.UTC(2024, 2, 5)));
  });

  it("joins rich text and reads errors, hyperlinks and plain values", () => {
    expect(xlsxCellValue({ value: { richText: [{ text: "Zo" }, { text: "ë" }] } }, false)).toBe("Zoë");
    expect(xlsxCellValue({ value: { error: "#N/A" } }, false)).toBe("#N/A");
    expect(xlsxCellValue({ value: { text: "Link", hyperlink: "http://x" } }, false)).toBe("Link");
    expect(xlsxCellValue({ value: 3 }, false)).toBe(3);
    expect(xlsxCellValue({ value: null }, false)).toBeNull();
  });
});
