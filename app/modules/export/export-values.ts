/**
 * One stored value as a spreadsheet cell (docs/export.md#the-workbook). Pure. The query
 * (export-query.server.ts) hands dates over as 'YYYY-MM-DD' text and instants as
 * 'YYYY-MM-DD HH:MM:SS' text already in the project's time zone, so no value here depends on the
 * server's zone: a date-only value is built at UTC midnight, which is what Excel's serial dates count.
 *
 * No cell is ever a formula: the xlsx writer receives plain strings (exceljs types them as text, it
 * never writes an `<f>` for a string), and CSV text that a spreadsheet would evaluate is prefixed with
 * `'` (OWASP's CSV injection advice), so a landholder named `=HYPERLINK(…)` stays a name.
 */
import { neutraliseCsvFormulas } from "~/utils/csv-formulas";
import type { ExportValueType } from "./export-fields";

export type ExcelCell = string | number | Date | null;

/** How each type's column shows its numbers and dates. */
export const EXCEL_NUMBER_FORMATS: Partial<Record<ExportValueType, string>> = {
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm",
  money: "#,##0.00",
};

/** Excel's limit for one cell; longer text (a boundary GeoJSON) is cut there rather than corrupting the file. */
export const EXCEL_MAX_CELL_CHARS = 32_767;
export const LIST_SEPARATOR = "; ";

// Characters XML 1.0 cannot carry (all C0 controls but tab, LF and CR; lone surrogates; U+FFFE/U+FFFF):
// one in a cell makes the whole workbook unreadable.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
// A plain number as people type it: optional sign, thousands commas, decimals. "2.43 ha" is not one.
const NUMBER_TEXT = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
// Any character XML_INVALID could match (a valid surrogate pair too): text without one is kept as it is,
// which spares almost every cell the slower expression's scan (docs/export.md#speed).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
function cleanText(text: string): string {
  if (text.length <= EXCEL_MAX_CELL_CHARS && !XML_SUSPECT.test(text)) return text;
  const clean = text.replace(XML_INVALID, "");
  if (clean.length <= EXCEL_MAX_CELL_CHARS) return clean;
  // Never cut a surrogate pair in half.
  const cut = /[\uD800-\uDBFF]/.test(clean[EXCEL_MAX_CELL_CHARS - 1] ?? "") ? EXCEL_MAX_CELL_CHARS - 1 : EXCEL_MAX_CELL_CHARS;
  return clean.slice(0, cut);
}

/** A 'YYYY-MM-DD[ HH:MM[:SS]]' text (or a Date) as the Date Excel shows with those figures, else null. */
export function toExcelDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string") return null;
  // The query's own forms ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS') read figure by figure, without the
  // expression's match and its strings: three date columns of a large export (docs/export.md#speed).
  if (value.length === 10 || value.length === 19) {
    const fast = queryDate(value);
    if (fast !== undefined) return fast;
  }
  const m = DATE_TEXT.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1);
  return utcDate(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
}

function utcDate(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Refuse 2024-02-30 and the like instead of rolling over into the next month.
  return date.getUTCDate() === d && date.getUTCMonth() === mo - 1 ? date : null;
}

/** The figures of `text` from `from` to `to` as a number, -1 when one is not a digit. */
function figures(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS' as toExcelDate reads it; undefined when the text is in another form. */
function queryDate(text: string): Date | null | undefined {
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const y = figures(text, 0, 4);
  const mo = figures(text, 5, 7);
  const d = figures(text, 8, 10);
  if (y < 0 || mo < 0 || d < 0) return undefined;
  if (text.length === 10) return utcDate(y, mo, d, 0, 0, 0);
  if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return undefined;
  const h = figures(text, 11, 13);
  const mi = figures(text, 14, 16);
  const s = figures(text, 17, 19);
  if (h < 0 || mi < 0 || s < 0) return undefined;
  return utcDate(y, mo, d, h, mi, s);
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && NUMBER_TEXT.test(value.trim())) {
    const n = Number(value.trim().replace(/,/g, ""));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** One item of a list as text, "" when blank. */
const itemText = (item: unknown) => (isBlank(item) ? "" : typeof item === "string" ? item.trim() : scalarText(item));

function listText(value: unknown): string {
  // One item (most linked lists): its text, without building a set.
  if (!Array.isArray(value)) return itemText(value);
  if (value.length === 1) return itemText(value[0]);
  const seen = new Set<string>();
  for (const item of value) {
    const text = itemText(item);
    if (text) seen.add(text);
  }
  return [...seen].join(LIST_SEPARATOR);
}

function scalarText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? "";
}

/**
 * The cell a stored value becomes, by the field's type: dates as Dates, money and numbers as numbers,
 * booleans Yes/No, lists joined with "; " (blanks and repeats dropped), JSON as its text. A value that
 * does not fit its type (a hand-typed area "2.43 ha") is kept as the text it is. Custom fields (json)
 * keep text as text and numbers as numbers.
 */
export function toExcelCell(value: unknown, type: ExportValueType): ExcelCell {
  if (isBlank(value)) return null;
  switch (type) {
    case "date":
    case "datetime":
      return toExcelDate(value) ?? cleanText(scalarText(value));
    case "money":
    case "decimal":
    case "number":
      return toNumber(value) ?? cleanText(scalarText(value));
    case "boolean":
      if (typeof value === "boolean") return value ? "Yes" : "No";
      return cleanText(scalarText(value));
    case "list":
      return cleanText(listText(value)) || null;
    case "json":
      if (typeof value === "number") return Number.isFinite(value) ? value : null;
      if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return cleanText(listText(value)) || null;
      return cleanText(scalarText(value));
    default:
      return cleanText(scalarText(value));
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A cell as CSV text: dates dd/mm/yyyy (with hh:mm for instants), numbers plain, formula-like text neutralised (neutraliseCsvFormulas). */
export function toCsvText(value: unknown, type: ExportValueType): string {
  const cell = toExcelCell(value, type);
  if (cell === null) return "";
  if (cell instanceof Date) {
    const date = `${pad(cell.getUTCDate())}/${pad(cell.getUTCMonth() + 1)}/${cell.getUTCFullYear()}`;
    return type === "datetime" ? `${date} ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}` : date;
  }
  if (typeof cell === "number") return String(cell);
  return neutraliseCsvFormulas(cell);
}

/** One CSV field, quoted when RFC 4180 needs it (comma, quote, CR or LF), quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

export const UTF8_BOM = "\uFEFF";

/** A header cell's text: the column name, neutralised like any other text in CSV. */
export function csvHeader(name: string): string {
  return neutraliseCsvFormulas(name);
}

/** Column width in characters from the header and the type, not from scanning the rows. */
export function columnWidth(header: string, type: ExportValueType): number {
  const typical: Record<ExportValueType, number> = { text: 18, date: 12, datetime: 17, money: 14, decimal: 12, number: 10, boolean: 8, list: 30, json: 30 };
  return Math.min(60, Math.max(typical[type], header.length + 2));
}
