/**
 * A document as a real PDF, written with pdfkit from the same Markdown tokens the viewer renders (no
 * headless browser): the title and date, headings (also as PDF bookmarks, kept with the text after
 * them), paragraphs with bold, italic, code and links, nested lists, tables whose rows never split
 * across pages (the header row repeats on each page), images from public/docs-images with their alt
 * text as a caption, and "Page N of M" on every page. Text is set in Liberation Sans, embedded.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Token, Tokens } from "marked";
import PDFDocument from "pdfkit";
import { collectPdfBytes, drawableText, loadFonts } from "~/utils/pdf-fonts.server";
import { formatDocDate } from "./dates";
import { readDocImage, type LoadedDocument } from "./load.server";
import { imageSize } from "./image-size";
import { absoluteUrl, inlineRuns, soleImage, type Run } from "./inline";
import { headingLevel, plainText } from "./markdown";
import { BORDER, drawTable } from "./pdf-table.server";

const MARGIN = 56;
const GRAY = "#555555";
const LINK = "#1f3fbf";
const HEADING_SIZE: Record<number, number> = { 2: 16, 3: 13.5, 4: 12, 5: 11, 6: 11 };
const BODY = 10.5;

let italics: { italic: Buffer; boldItalic: Buffer } | null = null;
function italicFonts() {
  if (italics) return italics;
  const folder = path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts");
  italics = { italic: fs.readFileSync(path.join(folder, "LiberationSans-Italic.ttf")), boldItalic: fs.readFileSync(path.join(folder, "LiberationSans-BoldItalic.ttf")) };
  return italics;
}

// Courier (a PDF standard font) draws WinAnsi only; code samples in the documents are ASCII.
const courierText = (text: string) => text.replace(/[^\x20-\x7e\n\t\u00a0-\u00ff]/g, "?");

type Doc = PDFKit.PDFDocument;

export async function documentPdf(document: LoadedDocument, origin: string): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const { italic, boldItalic } = italicFonts();
  const doc: Doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    font: regular as unknown as string,
    lang: "en-AU",
    displayTitle: true,
    info: { Title: drawableText(document.title), Subject: `Land Liaison Records: ${drawableText(document.title)}`, Creator: "Land Liaison Records" },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  doc.registerFont("italic", italic);
  doc.registerFont("boldItalic", boldItalic);
  const bytes = collectPdfBytes(doc);

  const writer = new PdfWriter(doc, origin);
  doc.font("bold").fontSize(22).fillColor("black").text(drawableText(document.title), MARGIN, MARGIN, { width: writer.fullWidth });
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(GRAY)
    .text(`Last updated ${formatDocDate(document.lastUpdated)}`, { width: writer.fullWidth });
  doc.fillColor("black").moveDown(1);
  await writer.blocks(document.tokens, MARGIN, writer.fullWidth);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footer = `${drawableText(document.title)} · Page ${i - range.start + 1} of ${range.count}`;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // inside the bottom margin: lifted so pdfkit starts no new page for it
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(GRAY)
      .text(footer, MARGIN, doc.page.height - MARGIN / 2 - 8, { width: writer.fullWidth, align: "center", lineBreak: false, height: 12 });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return bytes;
}

class PdfWriter {
  readonly fullWidth: number;
  private outline: PDFKit.PDFOutline[] = [];

  constructor(
    private doc: Doc,
    private origin: string,
  ) {
    this.fullWidth = doc.page.width - MARGIN * 2;
    this.outline[1] = doc.outline;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` points still fit on this one. */
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  async blocks(tokens: readonly Token[], x: number, width: number): Promise<void> {
    for (const token of tokens) await this.block(token, x, width);
  }

  private async block(token: Token, x: number, width: number): Promise<void> {
    const doc = this.doc;
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        const level = headingLevel(heading.depth);
        const size = HEADING_SIZE[level]!;
        // A heading keeps at least three lines of what follows with it.
        this.ensureSpace(size * 1.4 + BODY * 4.5);
        doc.moveDown(level === 2 ? 0.8 : 0.5);
        const title = drawableText(plainText(heading.tokens));
        const parent = this.outline[level - 1] ?? this.outline[1]!;
        this.outline[level] = parent.addItem(title);
        this.outline.length = level + 1;
        doc.font("bold").fontSize(size).fillColor("black").text(title, x, doc.y, { width });
        doc.moveDown(0.3);
        return;
      }
      case "paragraph": {
        const paragraph = token as Tokens.Paragraph;
        const image = soleImage(paragraph.tokens);
        if (image) return this.image(image, x, width);
        this.runs(inlineRuns(paragraph.tokens), x, width);
        doc.moveDown(0.5);
        return;
      }
      case "text": {
        const text = token as Tokens.Text;
        this.runs(inlineRuns(text.tokens ?? [text]), x, width);
        return;
      }
      case "list":
        await this.list(token as Tokens.List, x, width);
        doc.moveDown(0.4);
        return;
      case "table":
        drawTable(doc, token as Tokens.Table, x, width, () => this.bottom);
        doc.moveDown(0.6);
        return;
      case "blockquote": {
        const startPage = doc.bufferedPageRange().count;
        const top = doc.y;
        await this.blocks((token as Tokens.Blockquote).tokens, x + 14, width - 14);
        if (doc.bufferedPageRange().count === startPage)
          doc
            .save()
            .rect(x, top, 3, doc.y - top)
            .fill("#cccccc")
            .restore();
        return;
      }
      case "code": {
        const code = courierText((token as Tokens.Code).text);
        doc.font("Courier").fontSize(9);
        const height = doc.heightOfString(code, { width: width - 12 }) + 10;
        this.ensureSpace(Math.min(height, this.bottom - MARGIN));
        const top = doc.y;
        doc.save().rect(x, top, width, height).fill("#f2f2f2").restore();
        doc.fillColor("black").text(code, x + 6, top + 5, { width: width - 12 });
        doc.y = Math.max(doc.y, top + height);
        doc.moveDown(0.5);
        return;
      }
      case "hr":
        this.ensureSpace(12);
        doc
          .moveTo(x, doc.y + 4)
          .lineTo(x + width, doc.y + 4)
          .strokeColor(BORDER)
          .stroke();
        doc.y += 12;
        return;
      case "space":
        return;
      default:
        if ("text" in token && typeof token.text === "string" && token.text.trim()) {
          this.runs([{ text: token.text }], x, width);
          doc.moveDown(0.5);
        }
    }
  }

  private font(run: Run): string {
    if (run.code) return "Courier";
    if (run.bold && run.italic) return "boldItalic";
    return run.bold ? "bold" : run.italic ? "italic" : "regular";
  }

  /** Styled runs as one flowing paragraph starting at (x, doc.y). */
  private runs(runs: Run[], x: number, width: number, size = BODY) {
    const doc = this.doc;
    const parts = runs.filter((run) => run.text);
    if (!parts.length) return;
    this.ensureSpace(size * 1.5);
    parts.forEach((run, i) => {
      const link = run.link && run.link !== "#" ? absoluteUrl(run.link, this.origin) : null;
      const text = run.code ? courierText(run.text) : drawableText(run.text);
      doc
        .font(this.font(run))
        .fontSize(run.code ? size - 1 : size)
        .fillColor(link ? LINK : "black");
      const options = { width, lineGap: 2, continued: i < parts.length - 1, link, underline: !!link, strike: !!run.strike };
      if (i === 0) doc.text(text, x, doc.y, options);
      else doc.text(text, options);
    });
    doc.fillColor("black");
  }

  private async list(list: Tokens.List, x: number, width: number) {
    const doc = this.doc;
    const start = typeof list.start === "number" ? list.start : 1;
    for (const [index, item] of list.items.entries()) {
      this.ensureSpace(BODY * 2);
      const marker = list.ordered ? `${start + index}.` : "•";
      const top = doc.y;
      doc.font("regular").fontSize(BODY).fillColor("black").text(marker, x, top, { width: 16, lineBreak: false });
      doc.y = top;
      await this.blocks(item.tokens, x + 18, width - 18);
      if (list.loose) doc.moveDown(0.2);
    }
  }

  private async image(image: { src: string; alt: string }, x: number, width: number) {
    const doc = this.doc;
    const file = await readDocImage(image.src);
    // pdfkit draws PNG and JPEG; anything else keeps its alt text in the flow.
    if (!file || (file.mimeType !== "image/png" && file.mimeType !== "image/jpeg")) {
      this.runs([{ text: `[Image: ${image.alt}]`, italic: true }], x, width);
      doc.moveDown(0.5);
      return;
    }
    const opened = imageSize(file.bytes);
    if (!opened) return;
    const maxHeight = (doc.page.height - MARGIN * 2) * 0.55;
    const scale = Math.min(width / opened.width, maxHeight / opened.height, 1);
    const w = opened.width * scale;
    const h = opened.height * scale;
    this.ensureSpace(h + 24);
    const top = doc.y;
    doc.image(file.bytes, x, top, { width: w, height: h });
    doc.rect(x, top, w, h).lineWidth(0.5).strokeColor(BORDER).stroke();
    doc.y = top + h + 4;
    doc.font("italic").fontSize(8.5).fillColor(GRAY).text(drawableText(image.alt), x, doc.y, { width });
    doc.fillColor("black").moveDown(0.8);
  }
}
