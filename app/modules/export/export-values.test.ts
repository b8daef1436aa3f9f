import { describe, expect, it } from "vitest";
import { startsLikeFormula } from "~/utils/csv-formulas";
import { columnWidth, csvField, csvHeader, csvLine, EXCEL_MAX_CELL_CHARS, toCsvText, toExcelCell, toExcelDate } from "./export-values";

describe("toExcelCell", () => {
  it("turns date-only text into UTC midnight, whatever the server's zone", () => {
    const cell = toExcelCell("2025-03-01", "date") as Date;
    expect(cell).toBeInstanceOf(Date);
    expect(cell.toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(toExcelCell("2025-12-31 23:45:10", "datetime")).toEqual(new Date(Date.UTC(2025, 11, 31, 23, 45, 10)));
    expect(toExcelDate("2024-02-30")).toBeNull();
    // A title's date kept as the document wrote it is not a date column; a bad value stays text.
    expect(toExcelCell("sometime in May", "date")).toBe("sometime in May");
  });

  it("reads the query's date forms figure by figure as the general form would", () => {
    expect(toExcelDate("2024-02-29 07:08:09")).toEqual(new Date(Date.UTC(2024, 1, 29, 7, 8, 9)));
    expect(toExcelDate("2024-02-30 07:08:09")).toBeNull();
    expect(toExcelDate("2025-01-31 24:00:00")).toBeNull();
    expect(toExcelDate("2025-13-01")).toBeNull();
    expect(toExcelDate("2025-1a-01")).toBeNull();
    // Other forms of the same length go the general way: a T, a trimmed space, minutes only.
    expect(toExcelDate("2025-12-31T23:45:10")).toEqual(new Date(Date.UTC(2025, 11, 31, 23, 45, 10)));
    expect(toExcelDate(" 2025-03-1")).toBeNull();
    expect(toExcelDate("   2025-03-01 10:00")).toEqual(new Date(Date.UTC(2025, 2, 1, 10, 0, 0)));
    expect(toExcelDate("2025/03/01")).toBeNull();
  });

  it("writes money, areas and counts as numbers, other text as it is", () => {
    expect(toExcelCell("1234567.50", "money")).toBe(1234567.5);
    expect(toExcelCell(12.5, "decimal")).toBe(12.5);
    expect(toExcelCell("2,430", "decimal")).toBe(2430);
    expect(toExcelCell("2.43 ha", "decimal")).toBe("2.43 ha");
    expect(toExcelCell(1999, "number")).toBe(1999);
    expect(toExcelCell(Number.NaN, "number")).toBe("NaN");
  });

  it("says Yes/No for booleans, blanks for nothing", () => {
    expect(toExcelCell(true, "boolean")).toBe("Yes");
    expect(toExcelCell(false, "boolean")).toBe("No");
    expect(toExcelCell(null, "boolean")).toBeNull();
    expect(toExcelCell(undefined, "text")).toBeNull();
    expect(toExcelCell("   ", "text")).toBeNull();
  });

  it("joins lists with '; ', dropping blanks and repeats", () => {
    expect(toExcelCell(["Zoë Ngô", "", "Ann Lee", "Zoë Ngô", null], "list")).toBe("Zoë Ngô; Ann Lee");
    expect(toExcelCell([], "list")).toBeNull();
    expect(toExcelCell("single", "list")).toBe("single");
    // One item, as the export hands a linked list of one over: trimmed, blank is nothing.
    expect(toExcelCell("  Zoë Ngô ", "list")).toBe("Zoë Ngô");
    expect(toExcelCell(["  Ann Lee "], "list")).toBe("Ann Lee");
    expect(toExcelCell([" "], "list")).toBeNull();
    expect(toExcelCell([null], "list")).toBeNull();
    expect(toExcelCell([true], "list")).toBe("Yes");
  });

  it("writes JSON as its text; custom values keep text as text and numbers as numbers", () => {
    expect(toExcelCell({ type: "Point", coordinates: [151.2, -33.8] }, "json")).toBe('{"type":"Point","coordinates":[151.2,-33.8]}');
    expect(toExcelCell("Wollombi", "json")).toBe("Wollombi");
    expect(toExcelCell(42, "json")).toBe(42);
    expect(toExcelCell(true, "json")).toBe("Yes");
    expect(toExcelCell(["a", "b"], "json")).toBe("a; b");
  });

  it("never returns a formula: formula-like text stays a plain string", () => {
    for (const text of ['=HYPERLINK("http://x","y")', "+61 400 000 000", "-5+3", "@SUM(A1)", "\tx", "\rx"]) {
      const cell = toExcelCell(text, "text");
      expect(typeof cell).toBe("string");
      expect(cell).toBe(text);
    }
  });

  it("drops characters XML cannot carry and cuts text at Excel's cell limit", () => {
    expect(toExcelCell("a\u0001b\u0008c\td\ne", "text")).toBe("abc\td\ne");
    const long = toExcelCell("x".repeat(EXCEL_MAX_CELL_CHARS + 10), "json") as string;
    expect(long).toHaveLength(EXCEL_MAX_CELL_CHARS);
    const emoji = toExcelCell(`${"x".repeat(EXCEL_MAX_CELL_CHARS - 1)}😀`, "text") as string;
    expect(emoji).toHaveLength(EXCEL_MAX_CELL_CHARS - 1);
    // A valid surrogate pair stays; a lone one, U+FFFE and controls in a list go.
    expect(toExcelCell("Ngô 😀", "text")).toBe("Ngô 😀");
    expect(toExcelCell("a\uD800b\uDC00c\uFFFEd", "text")).toBe("abcd");
    expect(toExcelCell(["x\u0002y", "z"], "list")).toBe("xy; z");
    expect(toExcelCell("plain text, nothing to drop", "text")).toBe("plain text, nothing to drop");
  });
});

describe("CSV", () => {
  it("neutralises formula-like text with a leading quote", () => {
    expect(startsLikeFormula("=1+1")).toBe(true);
    expect(startsLikeFormula("Smith")).toBe(false);
    expect(toCsvText('=HYPERLINK("http://x","y")', "text")).toBe('\'=HYPERLINK("http://x","y")');
    expect(toCsvText("+61 400", "text")).toBe("'+61 400");
    expect(toCsvText("@x", "list")).toBe("'@x");
    expect(toCsvText(-5, "number")).toBe("-5");
    expect(csvHeader("=Name")).toBe("'=Name");
  });

  it("also neutralises text that starts with '-', a tab or a carriage return (OWASP's list), and quotes the CR", () => {
    expect(toCsvText("-5 Hill Lane", "text")).toBe("'-5 Hill Lane");
    expect(toCsvText("-2+3", "decimal")).toBe("'-2+3");
    expect(toCsvText("\tcmd", "text")).toBe("'\tcmd");
    expect(toCsvText("\rcmd", "text")).toBe("'\rcmd");
    expect(csvLine([toCsvText("\rcmd", "text"), toCsvText("\tcmd", "text")])).toBe("\"'\rcmd\",'\tcmd\r\n");
    expect(csvHeader("-Area")).toBe("'-Area");
    // A number stays a number; text with the trigger later on is left alone.
    expect(toCsvText("-12.5", "decimal")).toBe("-12.5");
    expect(toCsvText("Lot 5 - Hill", "text")).toBe("Lot 5 - Hill");
  });

  it("writes dates dd/mm/yyyy, instants with the time, booleans Yes/No", () => {
    expect(toCsvText("2025-03-01", "date")).toBe("01/03/2025");
    expect(toCsvText("2025-03-01 09:05:00", "datetime")).toBe("01/03/2025 09:05");
    expect(toCsvText(false, "boolean")).toBe("No");
    expect(toCsvText(null, "text")).toBe("");
  });

  it("quotes per RFC 4180 and ends records with CRLF", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvLine(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });
});

describe("columnWidth", () => {
  it("comes from the header and the type, within bounds", () => {
    expect(columnWidth("Folio", "text")).toBe(18);
    expect(columnWidth("A very long column name for the landholder's postal address", "text")).toBe(60);
    expect(columnWidth("LAA Expiry Date", "date")).toBe(17);
  });
});

describe("CSV cells after a delimiter", () => {
  it("is what a CSV cell and a header get", () => {
    expect(toCsvText(["0412 345 678", "+61 400 000 000"], "list")).toBe("0412 345 678; '+61 400 000 000");
    expect(toCsvText("Smith;=1+1", "text")).toBe("Smith;'=1+1");
    expect(csvHeader("Name|=1")).toBe("Name|'=1");
    expect(csvLine([toCsvText("x,=1", "text")])).toBe('"x,\'=1"\r\n');
  });
});
