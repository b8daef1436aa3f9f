/**
 * The closure summary as a PDF ("saved to the project folder", docs/lifecycle.md#notifications), made with pdfkit. Text is
 * set in Liberation Sans, the font pdfjs-dist already ships for its standard fonts (Latin, Greek and
 * Cyrillic), embedded and subset so the file reads the same everywhere. A character the font cannot
 * draw loses its accents (ễ → e) or becomes "?", rather than vanishing from the record.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type { DocumentCategory } from "~db/entities/enums";
import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from "~/modules/document/file-types";
import { formatDateTime } from "~/utils/dates";
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

interface Fonts {
  regular: Buffer;
  bold: Buffer;
  face: fontkit.Font;
}

let fonts: Fonts | null = null;

export function loadFonts(): Fonts {
  if (fonts) return fonts;
  const folder = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts");
  const regular = fs.readFileSync(path.join(folder, "LiberationSans-Regular.ttf"));
  const bold = fs.readFileSync(path.join(folder, "LiberationSans-Bold.ttf"));
  fonts = { regular, bold, face: fontkit.create(regular) };
  return fonts;
}

const COMBINING_MARKS = /\p{M}/gu;
// Line breaks and tabs are layout, not glyphs; other control characters are dropped.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The text with every character the font can draw: as is, without its accents, or "?". */
export function drawableText(text: string, face: Pick<fontkit.Font, "hasGlyphForCodePoint"> = loadFonts().face): string {
  let out = "";
  for (const char of text.normalize("NFC").replace(/\r\n?/g, "\n").replace(CONTROLS, "")) {
    const cp = char.codePointAt(0)!;
    if (char === "\n" || char === "\t" || face.hasGlyphForCodePoint(cp)) {
      out += char;
      continue;
    }
    const bare = char.normalize("NFD").replace(COMBINING_MARKS, "");
    out += bare && [...bare].every((c) => face.hasGlyphForCodePoint(c.codePointAt(0)!)) ? bare : "?";
  }
  return out;
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
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

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
  await ended;
  return Buffer.concat(chunks);
}
