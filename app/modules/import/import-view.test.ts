import { countsOf, csvCell, emptyCounts, importResponse, skippedRowsToCsv, type ImportView } from "./import-view";

describe("countsOf", () => {
  it("fills every count of the spec's shape, keeping stored numbers and ignoring anything else", () => {
    expect(countsOf(null)).toEqual(emptyCounts());
    expect(countsOf({ imported: 3, skipped: "2", created: 3, pendingDuplicates: "x", extra: 9 })).toEqual({ ...emptyCounts(), imported: 3, created: 3 });
    expect(countsOf({ pendingDuplicates: 4 }).pendingDuplicates).toBe(4);
  });

  it("answers the /api call with the import id, the counts and the list of rows waiting for the user", () => {
    const view = { id: 7, importType: "stakeholders", counts: { ...emptyCounts(), imported: 2, pendingDuplicates: 1 } } as ImportView;
    const pending = [{ type: "stakeholder" }];
    const { parcelsMatched, parcelsUnmatched, shapesRepaired, ...specCounts } = emptyCounts();
    expect(importResponse(view, pending)).toEqual({ importId: 7, ...specCounts, imported: 2, pendingDuplicateCount: 1, pendingDuplicates: pending });
    // A parcel file's answer adds its own three counts.
    const parcels = { ...view, importType: "parcels", counts: { ...view.counts, parcelsMatched: 3, parcelsUnmatched: 1 } } as ImportView;
    expect(importResponse(parcels, [])).toMatchObject({ importId: 7, imported: 2, parcelsMatched: 3, parcelsUnmatched: 1, shapesRepaired: 0 });
    expect([parcelsMatched, parcelsUnmatched, shapesRepaired]).toEqual([0, 0, 0]);
  });
});

describe("skipped rows as CSV", () => {
  it("neutralises formulas and quotes commas, quotes and line breaks", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+61 400")).toBe("'+61 400");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    // After a delimiter another locale splits on, too (docs/export.md#the-workbook).
    expect(csvCell("Smith;=1+1")).toBe("Smith;'=1+1");
    expect(csvCell("x,@SUM(A1)")).toBe('"x,\'@SUM(A1)"');
  });

  it("has a header row and one line per problem, CRLF-terminated", () => {
    expect(skippedRowsToCsv([{ rowNumber: 4, column: "Email", value: "not-an-email", reason: "Not an e-mail address" }])).toBe(
      "Row,Column,Value,Reason\r\n4,Email,not-an-email,Not an e-mail address\r\n",
    );
  });
});
