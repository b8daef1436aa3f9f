/**
 * The fonts every PDF the app writes is set in (the closure summary, the help centre's downloads):
 * Liberation Sans, which pdfjs-dist already ships for its standard fonts (Latin, Greek and Cyrillic),
 * embedded and subset by pdfkit so a file reads the same everywhere. A character the font cannot
 * draw loses its accents (ễ → e) or becomes "?", rather than vanishing from the record.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";

export interface Fonts {
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

/**
 * The bytes of a pdfkit document, once `doc.end()` has been called: start collecting before drawing,
 * await the promise after ending.
 */
export function collectPdfBytes(doc: NodeJS.EventEmitter): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
