/**
 * A Markdown table in the help centre's PDF (pdf.server.ts): column widths from the text each column
 * holds, a shaded header row, and rows that never split across pages (a row that does not fit starts
 * a new page under the header again).
 */
import type { Tokens } from "marked";
import { drawableText } from "~/utils/pdf-fonts.server";
import { plainText } from "./markdown";

/** The grey of table rules, image frames and horizontal rules. */
export const BORDER = "#999999";

/** Draws the table at (x, doc.y); `bottom` is where the page's text area ends. */
export function drawTable(doc: PDFKit.PDFDocument, table: Tokens.Table, x: number, width: number, bottom: () => number): void {
  const pad = 4;
  const size = 9;
  const header = table.header.map((cell) => drawableText(plainText(cell.tokens)));
  const rows = table.rows.map((row) => row.map((cell) => drawableText(plainText(cell.tokens))));
  // Column widths follow the longest word and the amount of text in each column, within limits.
  const weights = header.map((h, c) => {
    const texts = [h, ...rows.map((row) => row[c] ?? "")];
    const total = texts.reduce((sum, t) => sum + t.length, 0) / texts.length;
    const longestWord = Math.max(...texts.flatMap((t) => t.split(/\s+/).map((w) => w.length)));
    return Math.max(total, longestWord * 1.2, 4);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / sum) * width);
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((text, c) => doc.heightOfString(text || " ", { width: widths[c]! - pad * 2 }))) + pad * 2;
  };
  const drawRow = (cells: string[], font: string, fill: string | null) => {
    const height = rowHeight(cells, font);
    const top = doc.y;
    let left = x;
    cells.forEach((text, c) => {
      if (fill) doc.save().rect(left, top, widths[c]!, height).fill(fill).restore();
      doc.save().rect(left, top, widths[c]!, height).lineWidth(0.5).strokeColor(BORDER).stroke().restore();
      doc
        .font(font)
        .fontSize(size)
        .fillColor("black")
        .text(text, left + pad, top + pad, { width: widths[c]! - pad * 2 });
      left += widths[c]!;
    });
    doc.x = x;
    doc.y = top + height;
  };
  const headerHeight = rowHeight(header, "bold");
  if (doc.y + headerHeight + (rows[0] ? rowHeight(rows[0], "regular") : 0) > bottom()) doc.addPage();
  drawRow(header, "bold", "#e8e8e8");
  for (const row of rows) {
    const cells = header.map((_, c) => row[c] ?? "");
    const height = rowHeight(cells, "regular");
    // Rows never split: a row that does not fit starts a new page, under the header again.
    if (doc.y + height > bottom()) {
      doc.addPage();
      drawRow(header, "bold", "#e8e8e8");
    }
    drawRow(cells, "regular", null);
  }
}
