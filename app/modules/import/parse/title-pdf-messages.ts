/**
 * What the upload step tells the user when a PDF cannot be read as land-title search statements
 * (docs/import.md#land-title-pdfs). Each refusal stages nothing and keeps nothing.
 */
export const PDF_MESSAGES = {
  encrypted: "This PDF is password-protected, so it cannot be read. Save a copy without a password (or ask the title office for an unprotected copy) and upload that.",
  damaged: "This file is not a readable PDF: it may be damaged or incomplete. Download the title search again and upload the new copy.",
  noText:
    "This PDF has no text layer (it looks like a scanned image), so the title details cannot be read from it. Upload the search statement as the title office issued it (a PDF with selectable text), or enter the property by hand.",
  noStatement:
    "No register search statement was found in this PDF. PDF import reads Victorian Register Search Statements (title searches with VOLUME/FOLIO, REGISTERED PROPRIETOR, …); for other data use a CSV or Excel file.",
  tooManyPages: (max: number) => `This PDF has more than ${max.toLocaleString("en-AU")} pages. Split it into smaller files and import each one.`,
  tooMuchMemory: "This PDF needs too much memory to read. Split it into smaller files and import each one.",
  stakeholders: "PDF files are read as land-title search statements: choose Properties to import one.",
} as const;
