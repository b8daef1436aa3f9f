/**
 * A streaming writer for the export's workbook: one sheet of plain cells (text, numbers, dates), a bold
 * frozen header row with an autofilter, a width and an optional number format per column
 * (docs/export.md#the-workbook). It writes the sheet's XML itself, a batch of rows at a time, into a zip
 * made by yazl: exceljs's streaming writer builds a row object, a cell object and a style object per cell
 * and renders each through its XML classes, which alone cost more than the 1.3× of the bare exceljs
 * writer that the export is held to (docs/export.md#speed). What it writes is what exceljs writes for the
 * same sheet (the same parts, styles and theme), except that text cells are inline strings
 * (`t="inlineStr"`), the form the format has for text without a shared-string table.
 */
import { PassThrough, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";
import exceljsTheme from "exceljs/lib/xlsx/xml/theme1.js";
import { roomToWrite } from "~/utils/room-to-write.server";

export type XlsxCell = string | number | Date | null | undefined;

export interface XlsxColumn {
  header: string;
  /** Width in characters, as Excel measures it. */
  width: number;
  /** The format of the column's numbers and dates (an Excel format code); none leaves them General. */
  numFmt?: string;
}

export interface XlsxSheetOptions {
  sheetName: string;
  columns: readonly XlsxColumn[];
  /** zlib's level for the parts (1 fastest … 9 smallest). */
  deflateLevel: number;
  /** When the workbook was made (its document properties); now unless given. */
  created?: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
/** Excel's first built-in date format (d/mm/yyyy by locale): a date in a column without a format of its own. */
const DEFAULT_DATE_FORMAT_ID = 14;
/** Excel's built-in formats that the export's formats coincide with; any other code gets an id from 164 up. */
const BUILT_IN_FORMATS: Record<string, number> = { "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9, "0.00%": 10 };
/** Days from Excel's day 0 (1899-12-30, in its 1900 date system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const MS_PER_DAY = 86_400_000;

/** Escapes the three characters XML text cannot hold as they are (the text is already free of characters XML forbids). */
export function escapeXmlText(text: string): string {
  // Most cells have none: test first, so they are not copied.
  if (!/[&<>]/.test(text)) return text;
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;");
}

/**
 * A date as Excel's serial day number (UTC figures, as the export builds its dates). Right from 1 March
 * 1900: Excel counts a 29/02/1900 that never was, so earlier days come out one off, as exceljs writes them.
 */
export function excelSerialDate(date: Date): number {
  return date.getTime() / MS_PER_DAY + EXCEL_EPOCH_DAYS;
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Whether Excel would drop the text's leading or trailing white space without xml:space="preserve". */
function needsPreserve(text: string): boolean {
  return text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
}

function inlineString(ref: string, style: string, text: string): string {
  const t = needsPreserve(text) ? '<t xml:space="preserve">' : "<t>";
  return `<c r="${ref}"${style} t="inlineStr"><is>${t}${escapeXmlText(text)}</t></is></c>`;
}

interface Styles {
  xml: string;
  /** ` s="n"` (or "") for a number or date cell of each column. */
  numberStyle: string[];
  dateStyle: string[];
  headerStyle: string;
}

/** The workbook's styles: the default, the bold header, then one per number format in column order, then the default date. */
function buildStyles(columns: readonly XlsxColumn[]): Styles {
  const customFormats: string[] = [];
  const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>', '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'];
  const styleOfFormat = new Map<number, number>();
  const styleFor = (formatId: number) => {
    let style = styleOfFormat.get(formatId);
    if (style === undefined) {
      style = xfs.length;
      styleOfFormat.set(formatId, style);
      xfs.push(`<xf numFmtId="${formatId}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`);
    }
    return ` s="${style}"`;
  };
  const formatId = (code: string) => {
    const builtIn = BUILT_IN_FORMATS[code];
    if (builtIn !== undefined) return builtIn;
    let index = customFormats.indexOf(code);
    if (index < 0) index = customFormats.push(code) - 1;
    return 164 + index;
  };
  const numberStyle = columns.map((column) => (column.numFmt ? styleFor(formatId(column.numFmt)) : ""));
  const defaultDate = styleFor(DEFAULT_DATE_FORMAT_ID);
  const dateStyle = columns.map((column, i) => (column.numFmt ? numberStyle[i]! : defaultDate));
  const numFmts = customFormats.length
    ? `<numFmts count="${customFormats.length}">${customFormats.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXmlAttribute(code)}"/>`).join("")}</numFmts>`
    : "";
  const xml =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">${numFmts}` +
    '<fonts count="2"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font><font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join("")}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0"/></styleSheet>';
  return { xml, numberStyle, dateStyle, headerStyle: ' s="1"' };
}

function packageParts(sheetName: string, created: Date): Record<string, string> {
  const name = escapeXmlAttribute(sheetName);
  const when = created.toISOString().replace(/\.\d{3}Z$/, "Z");
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;
  return {
    "[Content_Types].xml":
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
    "_rels/.rels":
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      rel("rId1", `${REL_NS}/officeDocument`, "xl/workbook.xml") +
      rel("rId2", "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties", "docProps/core.xml") +
      rel("rId3", `${REL_NS}/extended-properties`, "docProps/app.xml") +
      "</Relationships>",
    "docProps/app.xml":
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
      `<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs>` +
      `<TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${name}</vt:lpstr></vt:vector></TitlesOfParts><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>`,
    "docProps/core.xml":
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`,
    "xl/workbook.xml":
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><workbookPr/><bookViews><workbookView/></bookViews>` + `<sheets><sheet name="${name}" sheetId="1" r:id="rId3"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      rel("rId1", `${REL_NS}/styles`, "styles.xml") +
      rel("rId2", `${REL_NS}/theme`, "theme/theme1.xml") +
      rel("rId3", `${REL_NS}/worksheet`, "worksheets/sheet1.xml") +
      "</Relationships>",
    "xl/theme/theme1.xml": exceljsTheme,
  };
}

/**
 * One workbook being written to `out`. Add rows with `addRows` (a batch at a time: each batch is one
 * write), wait with `room()` before the next batch, then `end()`. `out` is ended when the workbook is.
 */
export class XlsxSheetStream {
  private readonly zip = new ZipFile();
  private readonly sheet = new PassThrough({ highWaterMark: 256 * 1024 });
  private readonly letters: string[];
  private readonly styles: Styles;
  private readonly done: Promise<void>;
  /** Rows written so far, the header included. */
  private rowCount = 1;

  constructor(
    private readonly out: Writable,
    private readonly options: XlsxSheetOptions,
  ) {
    const { columns } = options;
    if (columns.length === 0) throw new RangeError("A sheet needs a column");
    this.letters = columns.map((_, i) => columnLetters(i));
    this.styles = buildStyles(columns);
    const mtime = options.created ?? new Date();
    const parts = packageParts(options.sheetName, mtime);
    const level = options.deflateLevel;
    for (const [name, xml] of Object.entries(parts)) this.zip.addBuffer(Buffer.from(xml, "utf8"), name, { mtime, compressionLevel: level });
    this.zip.addBuffer(Buffer.from(this.styles.xml, "utf8"), "xl/styles.xml", { mtime, compressionLevel: level });
    this.zip.addReadStream(this.sheet, "xl/worksheets/sheet1.xml", { mtime, compressionLevel: level });
    this.zip.outputStream.pipe(out);
    this.done = finished(out, { readable: false });
    // Awaited by end(); a download abandoned before then rejects it with nobody to tell.
    this.done.catch(() => {});
    // A failure anywhere in the zip's pipeline ends the download (the caller sees it from end() or room()).
    this.zip.on("error", (error: Error) => out.destroy(error));
    this.sheet.write(this.sheetStart());
  }

  private sheetStart(): string {
    const { columns } = this.options;
    const cols = columns.map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`).join("");
    const header = columns.map((column, i) => inlineString(`${this.letters[i]}1`, this.styles.headerStyle, column.header)).join("");
    return (
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      '<sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
      `<row r="1" spans="1:${columns.length}"${this.styles.headerStyle} customFormat="1">${header}</row>`
    );
  }

  /** Appends rows, each a cell per column (null or undefined for an empty cell). */
  addRows(rows: readonly (readonly XlsxCell[])[]): void {
    const { letters } = this;
    const { numberStyle, dateStyle } = this.styles;
    const spans = `" spans="1:${letters.length}">`;
    let xml = "";
    for (const cells of rows) {
      const r = ++this.rowCount;
      xml += `<row r="${r}${spans}`;
      for (let i = 0; i < letters.length; i++) {
        const value = cells[i];
        if (value === null || value === undefined) continue;
        if (typeof value === "string") xml += inlineString(letters[i]! + r, "", value);
        else if (typeof value === "number") xml += `<c r="${letters[i]!}${r}"${numberStyle[i]!}><v>${value}</v></c>`;
        else xml += `<c r="${letters[i]!}${r}"${dateStyle[i]!}><v>${excelSerialDate(value)}</v></c>`;
      }
      xml += "</row>";
    }
    if (xml) this.sheet.write(xml);
  }

  /**
   * Resolves when the next batch can be written: at once if the zip keeps up (after a turn of the event
   * loop, so deflate and the response move what the last batch made), else when it drains. False when
   * the download has gone (`out` closed or failed): stop writing then.
   */
  room(): Promise<boolean> {
    return roomToWrite(this.sheet, this.out);
  }

  /** Closes the sheet (its autofilter on the header) and the zip; resolves when `out` has it all. */
  async end(): Promise<void> {
    this.sheet.end(`</sheetData><autoFilter ref="A1:${this.letters.at(-1)!}1"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`);
    this.zip.end();
    await this.done;
  }

  /** Stops writing (the download was abandoned): frees the zip's streams. */
  abandon(): void {
    this.sheet.destroy();
    const output = this.zip.outputStream as PassThrough; // yazl's output is a PassThrough; its types say less
    output.unpipe(this.out);
    output.destroy();
  }
}
