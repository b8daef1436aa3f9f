/**
 * Rebuilds the printed lines of one PDF page from its positioned text runs. A PDF has no lines, only
 * runs of glyphs placed at x/y; a title statement's label/value layout ("VOLUME 10123 FOLIO 456" on
 * the left, "Security no : …" on the right of the same line) only survives if runs are grouped by
 * their baseline and ordered by x, with wide horizontal gaps kept as column breaks. Pure, so the
 * grouping rules are unit-tested without a PDF.
 */

export interface PositionedText {
  str: string;
  /** Left edge and baseline in PDF units (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size (the run's height). */
  size: number;
}

/** What separates two cells of one line in the rebuilt text: the parser splits on two or more spaces. */
export const COLUMN_GAP = "    ";

/** Runs whose baselines differ by less than this share of the font size sit on one line. */
const SAME_LINE = 0.5;
/** A gap wider than this many font sizes starts a new cell (a column); a smaller one is a space. */
const COLUMN_BREAK = 1.6;
const WORD_BREAK = 0.12;

/** One printed line: its baseline, its largest font size and its runs in reading order. */
export interface PositionedLine {
  y: number;
  size: number;
  runs: PositionedText[];
}

/** The page's lines top to bottom, each as its cells joined by COLUMN_GAP; blank lines dropped. */
export function buildLines(items: readonly PositionedText[]): string[] {
  return groupLines(items)
    .map(lineText)
    .filter((text) => text !== "");
}

/** The page's runs grouped by baseline, top to bottom, each line's runs left to right (for layouts that need the x of a cell). */
export function groupLines(items: readonly PositionedText[]): PositionedLine[] {
  const runs = items.filter((item) => item.str.trim() !== "" && Number.isFinite(item.x) && Number.isFinite(item.y));
  // Top of the page first; left to right within a baseline.
  runs.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PositionedLine[] = [];
  for (const run of runs) {
    const size = run.size > 0 ? run.size : 10;
    const line = lines[lines.length - 1];
    if (line && Math.abs(line.y - run.y) < SAME_LINE * Math.max(size, line.size)) {
      line.runs.push(run);
      line.size = Math.max(line.size, size);
    } else {
      lines.push({ y: run.y, size, runs: [run] });
    }
  }
  for (const line of lines) line.runs.sort((a, b) => a.x - b.x);
  return lines;
}

/** A line's text: its cells joined by COLUMN_GAP. */
export function lineText(line: PositionedLine): string {
  const runs = [...line.runs].sort((a, b) => a.x - b.x);
  const cells: string[] = [];
  let cell = "";
  let end = -Infinity;
  for (const run of runs) {
    const gap = run.x - end;
    const size = run.size > 0 ? run.size : line.size;
    if (cell && gap > COLUMN_BREAK * size) {
      cells.push(cell);
      cell = "";
    } else if (cell && gap > WORD_BREAK * size && !/\s$/.test(cell) && !/^\s/.test(run.str)) {
      cell += " ";
    }
    cell += run.str;
    end = Math.max(end, run.x + Math.max(0, run.width));
  }
  if (cell) cells.push(cell);
  return cells
    .map((c) => c.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(COLUMN_GAP);
}
