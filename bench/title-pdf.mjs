/**
 * A long land-title PDF for the event-loop benchmark and the PDF worker's tests: the committed
 * three-statement fixture's text runs (read with pdfjs), drawn again with pdfkit at the same places,
 * page after page, each copy with its own volume numbers. No large PDF is committed.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";

const FIXTURE = "tests/fixtures/import/titles/register-search-statements.pdf";

async function fixtureRuns() {
  globalThis.pdfjsWorker ??= await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const document = await getDocument({ data: new Uint8Array(fs.readFileSync(FIXTURE)), verbosity: 0, standardFontDataUrl: `${root}/standard_fonts/` }).promise;
  const pages = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const { height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    pages.push({
      height,
      runs: content.items.filter((i) => "str" in i && i.str.trim()).map((i) => ({ str: i.str, x: i.transform[4], y: i.transform[5], size: Math.hypot(i.transform[2], i.transform[3]) || i.height })),
    });
  }
  await document.destroy();
  return pages;
}

/** The bytes of a PDF of `pages` pages of register search statements. */
export async function longTitlePdf(pages = 200) {
  const source = await fixtureRuns();
  const doc = new PDFDocument({ size: "A4", margin: 0, autoFirstPage: false, info: { Title: "Register Search Statements" } });
  const chunks = [];
  doc.on("data", (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on("end", resolve));
  for (let n = 0; n < pages; n++) {
    const page = source[n % source.length];
    const copy = Math.floor(n / source.length);
    doc.addPage({ size: [595.28, page.height], margin: 0 });
    for (const run of page.runs) {
      // Volumes 10123, 08123 and 11456 become 20000 + copy + …, so every statement is its own title.
      const text = run.str.replace(/\b(10123|08123|11456)\b/g, (volume) => String(20000 + copy * 3 + ["10123", "08123", "11456"].indexOf(volume)).padStart(5, "0"));
      doc
        .font("Helvetica")
        .fontSize(run.size)
        .text(text, run.x, page.height - run.y - run.size * 0.8, { lineBreak: false });
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [pages = "200", out = "bench/results/titles-200.pdf"] = process.argv.slice(2);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, await longTitlePdf(Number(pages)));
  console.log(`wrote ${out}`);
}
