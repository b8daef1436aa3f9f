import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { columnLetters, escapeXmlText, excelSerialDate, XlsxSheetStream, type XlsxCell, type XlsxColumn } from "./xlsx-sheet-stream.server";

const COLUMNS: XlsxColumn[] = [
  { header: "Name & <Co>", width: 30 },
  { header: "Due", width: 12, numFmt: "dd/mm/yyyy" },
  { header: "Paid", width: 14, numFmt: "#,##0.00" },
  { header: "Count", width: 10 },
  { header: "Seen", width: 17, numFmt: "dd/mm/yyyy hh:mm" },
];

/** Writes `batches` through an XlsxSheetStream and returns the file's bytes. */
async function writeWorkbook(batches: XlsxCell[][][], sheetName = "Properties", columns = COLUMNS): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new XlsxSheetStream(out, { sheetName, columns, deflateLevel: 3, created: new Date("2026-11-27T01:02:03Z") });
  for (const rows of batches) {
    workbook.addRows(rows);
    expect(await workbook.room()).toBe(true);
  }
  await workbook.end();
  return Buffer.concat(chunks);
}

async function readWithExceljs(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe("XlsxSheetStream", () => {
  const due = new Date(Date.UTC(2024, 1, 29));
  const seen = new Date(Date.UTC(2025, 11, 31, 23, 45));
  const rows: XlsxCell[][] = [
    ["  Lead & <tail>  ", due, 1234.5, 3, seen],
    ["Ōtautahi — 東京 😀", null, "2.43 ha", undefined, "not a date"],
    [null, null, null, null, null],
    ["line one\nline two", new Date(Date.UTC(1999, 0, 1)), -0.25, 0, null],
  ];

  it("writes a workbook exceljs reads back cell for cell, with the header, view, filter, widths and formats", async () => {
    const workbook = await readWithExceljs(await writeWorkbook([rows]));
    const sheet = workbook.getWorksheet("Properties")!;
    expect(sheet).toBeDefined();
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS.map((c) => c.header)]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(3).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBe("A1:E1");
    expect(COLUMNS.map((_, i) => sheet.getColumn(i + 1).width)).toEqual([30, 12, 14, 10, 17]);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe("  Lead & <tail>  ");
    expect(first.getCell(2).value).toEqual(due);
    expect(first.getCell(2).numFmt).toBe("dd/mm/yyyy");
    expect(first.getCell(3).value).toBe(1234.5);
    expect(first.getCell(3).numFmt).toBe("#,##0.00");
    expect(first.getCell(4).value).toBe(3);
    expect(first.getCell(4).numFmt).toBeUndefined();
    expect(first.getCell(5).value).toEqual(seen);
    expect(first.getCell(5).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(first.getCell(1).font?.bold).toBeFalsy();

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe("Ōtautahi — 東京 😀");
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(3).value).toBe("2.43 ha");
    expect(second.getCell(4).value).toBeNull();
    expect(second.getCell(5).value).toBe("not a date");
    // Text in a formatted column carries no number format.
    expect(second.getCell(3).numFmt).toBeUndefined();

    expect(sheet.getRow(4).cellCount).toBe(0);
    expect(sheet.getRow(5).getCell(1).value).toBe("line one\nline two");
    expect(sheet.getRow(5).getCell(3).value).toBe(-0.25);
    expect(sheet.getRow(5).getCell(4).value).toBe(0);
    expect(sheet.rowCount).toBe(5);
  });

  it("writes a workbook SheetJS reads with the same values and Excel's serial dates", async () => {
    const book = XLSX.read(await writeWorkbook([rows.slice(0, 2), rows.slice(2)]), { type: "buffer" });
    expect(book.SheetNames).toEqual(["Properties"]);
    const sheet = book.Sheets.Properties!;
    expect(sheet["!ref"]).toBe("A1:E5");
    expect(sheet.A2).toMatchObject({ t: "s", v: "  Lead & <tail>  " });
    // SheetJS formats the cell with the column's format: the number format reached the cell.
    expect(sheet.B2).toMatchObject({ t: "n", v: excelSerialDate(due), w: "29/02/2024" });
    expect(sheet.C2).toMatchObject({ t: "n", v: 1234.5, w: "1,234.50" });
    expect(sheet.E2).toMatchObject({ t: "n", v: excelSerialDate(seen), w: "31/12/2025 23:45" });
    expect(sheet.A3).toMatchObject({ t: "s", v: "Ōtautahi — 東京 😀" });
    expect(sheet.B3).toBeUndefined();
    expect(sheet.A5).toMatchObject({ t: "s", v: "line one\nline two" });
  });

  it("keeps text that looks like an XML entity as it is through exceljs's workbook reader", async () => {
    // exceljs writes text as `t="str"`, which that reader decodes a second time ("Smith & Sons").
    const workbook = await readWithExceljs(await writeWorkbook([[["Smith &amp; Sons", null, null, null, "a &lt; b"]]]));
    const row = workbook.getWorksheet(1)!.getRow(2);
    expect(row.getCell(1).value).toBe("Smith &amp; Sons");
    expect(row.getCell(5).value).toBe("a &lt; b");
  });

  it("gives a date in a column without a format Excel's built-in date format", async () => {
    const workbook = await readWithExceljs(await writeWorkbook([[[due, null, null, null, null]]]));
    const cell = workbook.getWorksheet(1)!.getRow(2).getCell(1);
    expect(cell.value).toEqual(due);
    expect(cell.numFmt).toBe("mm-dd-yy");
  });

  it("escapes the sheet's name and keeps every row of many batches, numbered in order", async () => {
    const batches = Array.from({ length: 5 }, (_, b) => Array.from({ length: 1000 }, (_, r): XlsxCell[] => [`row ${b * 1000 + r + 1}`, null, b * 1000 + r + 1, null, null]));
    const workbook = await readWithExceljs(await writeWorkbook(batches, "Stakeholders & <Others>"));
    const sheet = workbook.getWorksheet("Stakeholders & <Others>")!;
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getRow(2).getCell(1).value).toBe("row 1");
    expect(sheet.getRow(3457).getCell(3).value).toBe(3456);
    expect(sheet.getRow(5001).getCell(1).value).toBe("row 5000");
  });

  it("reports no room once the download has gone, and frees its streams", async () => {
    const out = new PassThrough();
    const workbook = new XlsxSheetStream(out, { sheetName: "Properties", columns: COLUMNS, deflateLevel: 3 });
    workbook.addRows([["a", null, 1, 2, null]]);
    out.destroy();
    expect(await workbook.room()).toBe(false);
    workbook.abandon();
  });

  it("refuses a sheet without columns", () => {
    expect(() => new XlsxSheetStream(new PassThrough(), { sheetName: "Properties", columns: [], deflateLevel: 3 })).toThrow(RangeError);
  });
});

describe("sheet helpers", () => {
  it("names columns as Excel does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnLetters)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA", "XFD"]);
  });

  it("escapes only what XML text needs", () => {
    expect(escapeXmlText("plain 'quoted' \"text\"")).toBe("plain 'quoted' \"text\"");
    expect(escapeXmlText("a & b < c > d &amp;")).toBe("a &amp; b &lt; c &gt; d &amp;amp;");
  });

  it("counts dates from Excel's day 0 in the 1900 system", () => {
    expect(excelSerialDate(new Date(Date.UTC(1900, 2, 1)))).toBe(61);
    expect(excelSerialDate(new Date(Date.UTC(2024, 1, 3)))).toBe(45325);
    expect(excelSerialDate(new Date(Date.UTC(2024, 1, 3, 10, 5)))).toBeCloseTo(45325.42013888889, 10);
  });
});
