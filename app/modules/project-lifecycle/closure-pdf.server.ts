/**
 * The closure summary as a PDF ("saved to the project folder", docs/lifecycle.md), made with pdfkit in the
 * app's PDF fonts (utils/pdf-fonts.server.ts).
 */
import PDFDocument from "pdfkit";
import type { DocumentCategory } from "~db/entities/enums";
import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from "~/utils/file-names";
import { formatDateTime } from "~/utils/dates";
import { collectPdfBytes, drawableText, loadFonts } from "~/utils/pdf-fonts.server";
import { additionalComments, answeredQuestions, FORM_TITLE, FORM_VERSION, type PhaseValues } from "./phase-fields";

export interface ClosureSummary {
  projectName: string;
  clientName: string | null;
  completedBy: string;
  completedAt: Date;
  timeZone: string;
  values: PhaseValues;
}

export const CLOSURE_PDF_TITLE = "Project Closure Summary";

/** The project's lifecycle forms are its planning records. */
export const CLOSURE_DOCUMENT_CATEGORY: DocumentCategory = "planning";
export const CLOSURE_DOCUMENT_TAGS = ["project closure", "phase form"] as const;

/** "Project closure summary - {project} - {yyyy-mm-dd}.pdf"; a slash in the name would read as a folder. */
export function closureFileName(projectName: string, date: string): string {
  const name =
    projectName
      .replace(/[/\\]+/g, "-")
      .replace(/\s+/g, " ")
      .trim() || "project";
  const stem = `Project closure summary - ${name}`;
  // Long names are shortened before the date, so the date and extension always survive.
  const suffix = ` - ${date}.pdf`;
  return sanitizeFileName(
    `${[...stem]
      .slice(0, MAX_FILE_NAME_LENGTH - suffix.length)
      .join("")
      .trimEnd()}${suffix}`,
  );
}

const MARGIN = 56;
const GRAY = "#555555";

/** The summary as PDF bytes: the project, who completed it and when, each answer with its details, the comments. */
export async function closureSummaryPdf(summary: ClosureSummary): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const completedAt = formatDateTime(summary.completedAt, summary.timeZone);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    font: regular as unknown as string,
    lang: "en-AU",
    displayTitle: true,
    info: {
      Title: `${CLOSURE_PDF_TITLE}: ${drawableText(summary.projectName)}`,
      Author: drawableText(summary.completedBy),
      Subject: `${FORM_TITLE}, part 3 (closure)`,
      Creator: "Land Liaison Records",
    },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const bytes = collectPdfBytes(doc);

  const width = doc.page.width - MARGIN * 2;
  const write = (text: string, font: "regular" | "bold", size: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc
      .font(font)
      .fontSize(size)
      .text(drawableText(text), { width, ...options });

  write(CLOSURE_PDF_TITLE, "bold", 20);
  doc.fillColor(GRAY);
  write(`${FORM_TITLE} · Part 3 Closure · Version ${FORM_VERSION}`, "regular", 10);
  doc.fillColor("black").moveDown(1);
  for (const [label, value] of [
    ["Project", summary.projectName],
    ["Client", summary.clientName ?? "Not recorded"],
    ["Completed by", summary.completedBy],
    ["Completed", completedAt],
  ] as const) {
    doc.font("bold").fontSize(11).text(`${label}: `, { continued: true, width }).font("regular").text(drawableText(value));
  }
  doc.moveDown(1);

  for (const row of answeredQuestions("closure", summary.values)) {
    // Keep a question and its answer together: start a page when fewer than three lines are left.
    if (doc.y > doc.page.height - MARGIN - 3 * doc.currentLineHeight(true)) doc.addPage();
    write(`${row.number}. ${row.question}`, "bold", 11);
    write(`Answer: ${row.answer}`, "regular", 11);
    if (row.details) write(`Details: ${row.details}`, "regular", 11, { lineGap: 1 });
    doc.moveDown(0.6);
  }
  doc.moveDown(0.4);
  write("Additional comments", "bold", 12);
  write(additionalComments(summary.values) ?? "None", "regular", 11, { lineGap: 1 });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footer = `${drawableText(summary.projectName)} · ${CLOSURE_PDF_TITLE} · Page ${i - range.start + 1} of ${range.count}`;
    // Inside the bottom margin: lift it so pdfkit does not start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(GRAY)
      .text(footer, MARGIN, doc.page.height - MARGIN / 2 - 8, { width, align: "center", lineBreak: false, height: 12 });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return bytes;
}
