/** The part of fontkit (pdfkit's font engine, which ships no types) that the PDF writers use (pdf-fonts.server.ts). */
declare module "fontkit" {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
