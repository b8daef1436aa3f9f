import { buildLines, COLUMN_GAP, type PositionedText } from "./pdf-lines";

const run = (str: string, x: number, y: number, width = str.length * 5, size = 9): PositionedText => ({ str, x, y, width, size });

describe("buildLines", () => {
  it("orders lines top to bottom and runs left to right, whatever order the PDF wrote them in", () => {
    const lines = buildLines([run("second", 50, 700), run("first", 50, 720), run("line", 80, 720)]);
    expect(lines).toEqual(["first line", "second"]);
  });

  it("keeps a wide gap as a column break and a narrow one as a space", () => {
    const lines = buildLines([run("VOLUME 10123 FOLIO 456", 58, 734.6, 113), run("Security no : 124078123456A", 400, 734.6, 118), run("of", 58, 700, 8), run("Smith", 68, 700, 20)]);
    expect(lines).toEqual([`VOLUME 10123 FOLIO 456${COLUMN_GAP}Security no : 124078123456A`, "of Smith"]);
  });

  it("puts runs whose baselines differ by less than half the font size on one line (a superscript, a raised cell)", () => {
    expect(buildLines([run("Lot", 50, 700), run("1", 70, 702.5)])).toEqual(["Lot 1"]);
    expect(buildLines([run("Lot", 50, 700), run("1", 70, 690)])).toEqual(["Lot", "1"]);
  });

  it("drops whitespace-only runs and blank lines, and collapses spaces inside a cell", () => {
    expect(buildLines([run("  ", 50, 710), run("Estate   Fee", 50, 700, 50), run(" ", 100, 700, 2), run("Simple", 102, 700)])).toEqual(["Estate Fee Simple"]);
  });

  it("does not add a space between runs that touch (a word split into runs)", () => {
    expect(buildLines([run("PROPRI", 50, 700, 30), run("ETOR", 80, 700, 20)])).toEqual(["PROPRIETOR"]);
  });
});
