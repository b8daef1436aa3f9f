/**
 * Turning one cell of an imported file into the value its field stores (docs/import.md#values). Cells arrive as
 * CSV text or as Excel values (numbers, booleans, Dates). Nothing is guessed: a value that does not
 * read cleanly as its type gives a reason, a plain sentence the wizard shows beside the skipped row's
 * number, column and value.
 */
import { z } from "zod";
import { dateObjectToCalendarDate, excelSerialToDate, parseDateText } from "./calendar-dates";
import type { ImportField } from "./import-fields";

export type RawCell = string | number | boolean | Date | null | undefined;
export type CoercedValue = string | number | boolean | string[] | Record<string, unknown> | null;
export type Coercion<T = CoercedValue> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Coercion<T> => ({ ok: true, value });
const fail = (reason: string): Coercion<never> => ({ ok: false, reason });

const PREVIEW_MAX = 60;

/** A cell as a reason quotes it: as written, shortened when long. */
export function showCell(raw: RawCell): string {
  let text: string;
  if (raw instanceof Date) text = Number.isNaN(raw.getTime()) ? "Invalid Date" : raw.toISOString();
  else text = raw === null || raw === undefined ? "" : String(raw).trim();
  return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
}

const quoted = (raw: RawCell) => `'${showCell(raw)}'`;

function isBlank(raw: RawCell): raw is null | undefined | "" {
  return raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
}

/** A number cell as text: Excel keeps 15 significant digits, so 0.1+0.2 noise is not part of what it shows. */
function numberText(n: number): string {
  return String(Number(n.toPrecision(15)));
}

/** dd/mm/yyyy: how an Australian reader saw a date cell that lands in a text field (title dates). */
function dateText(date: Date): string | null {
  const iso = dateObjectToCalendarDate(date);
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : null;
}

/** Any cell as the text a reader of the file saw; null for an invalid Date. */
function cellText(raw: string | number | boolean | Date): string | null {
  if (typeof raw === "string") return raw.trim();
  if (typeof raw === "number") return Number.isFinite(raw) ? numberText(raw) : null;
  if (typeof raw === "boolean") return raw ? "TRUE" : "FALSE";
  return dateText(raw);
}

/**
 * Text as written, trimmed. A value starting with = + - @ is kept exactly as text: it is never
 * evaluated here, and exports neutralise it (docs/export.md#the-workbook). PostgreSQL text cannot hold U+0000.
 */
function toText(raw: string | number | boolean | Date, field: ImportField): Coercion<string> {
  const text = cellText(raw);
  if (text === null) return fail(`Not text: ${quoted(raw)}`);
  if (text.includes("\u0000")) return fail(`Contains a NUL character, which cannot be stored: ${quoted(text.replaceAll("\u0000", ""))}`);
  if (field.maxLength !== undefined && text.length > field.maxLength) return fail(`Too long (${text.length} characters, at most ${field.maxLength}): ${quoted(text)}`);
  return ok(text);
}

const emailSchema = z.string().email();

/** Trimmed and lower-cased (as the entities store e-mails), and checked with the forms' own rule. */
function toEmail(raw: string | number | boolean | Date, field: ImportField): Coercion<string> {
  if (typeof raw !== "string") return fail(`Not an e-mail address: ${quoted(raw)}`);
  const email = raw.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success || (field.maxLength !== undefined && email.length > field.maxLength)) return fail(`Not an e-mail address: ${quoted(raw)}`);
  return ok(email);
}

function toDate(raw: string | number | boolean | Date): Coercion<string> {
  let date: string | null = null;
  if (raw instanceof Date) date = dateObjectToCalendarDate(raw);
  // A bare number comes from a spreadsheet date cell without its format: an Excel serial.
  else if (typeof raw === "number") date = excelSerialToDate(raw);
  else if (typeof raw === "string") date = parseDateText(raw);
  return date ? ok(date) : fail(`Not a date: ${quoted(raw)}`);
}

const SPACES = /[\s\u00a0\u202f\u2009]+/g;
// Thousands separated by commas or spaces must come in threes: "1,5" is not read as 15 (nor as 1.5).
const PLAIN_NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)?(?:\.\d+)?$/;

/** "$1,234.50", "AUD 1 234", "-$12", "(1,234.00)" (accounting negative), "1,234 AUD"; null when not a number. */
export function parseDecimalText(text: string): number | null {
  const withoutCurrency = (t: string) => t.replace(/^([+-]?)\s*(?:AUD|A\$|\$)\s*/i, "$1").replace(/\s*(?:AUD|A\$|\$)$/i, "");
  let s = withoutCurrency(text.replace(SPACES, " ").trim());
  const parenthesised = /^\((.*)\)$/.exec(s);
  if (parenthesised) s = withoutCurrency(parenthesised[1]!.trim());
  const signed = /^([+-]?)\s*(.*)$/.exec(s)!;
  const [sign, body] = [signed[1], signed[2]!];
  if (!/\d/.test(body) || !PLAIN_NUMBER.test(body) || (parenthesised && sign)) return null;
  const value = Number(body.replace(/[, ]/g, ""));
  if (!Number.isFinite(value)) return null;
  return parenthesised || sign === "-" ? -value : value;
}

function inRange(value: number, field: ImportField, raw: RawCell): Coercion<number> {
  if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
    return fail(`Out of range (${field.min ?? "any"} to ${field.max ?? "any"}): ${quoted(raw)}`);
  }
  return ok(value === 0 ? 0 : value); // no -0 in the database
}

function toDecimal(raw: string | number | boolean | Date, field: ImportField): Coercion<number> {
  let value = typeof raw === "number" ? raw : typeof raw === "string" ? parseDecimalText(raw) : null;
  if (value === null || !Number.isFinite(value)) return fail(`Not a number: ${quoted(raw)}`);
  // Rounded as the decimal(15,2) column would round it, so the preview shows what is stored.
  if (field.scale !== undefined) value = Number(value.toFixed(field.scale));
  return inRange(value, field, raw);
}

function toInteger(raw: string | number | boolean | Date, field: ImportField): Coercion<number> {
  const value = typeof raw === "number" ? raw : typeof raw === "string" ? parseDecimalText(raw) : null;
  if (value === null || !Number.isInteger(value)) return fail(`Not a whole number: ${quoted(raw)}`);
  return inRange(value, field, raw);
}

const TRUE_WORDS = new Set(["yes", "y", "true", "1"]);
const FALSE_WORDS = new Set(["no", "n", "false", "0"]);

function toBoolean(raw: string | number | boolean | Date): Coercion<boolean> {
  if (typeof raw === "boolean") return ok(raw);
  const word = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (TRUE_WORDS.has(word)) return ok(true);
  if (FALSE_WORDS.has(word)) return ok(false);
  return fail(`Not yes or no: ${quoted(raw)}`);
}

/** Enum spellings compared without case, spaces, underscores or hyphens: "business_owner" is "Business Owner". */
export const enumKey = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");

function toEnum(raw: string | number | boolean | Date, field: ImportField): Coercion<string> {
  const values = field.values ?? [];
  const key = typeof raw === "string" ? enumKey(raw) : typeof raw === "number" ? String(raw) : "";
  const value = values.find((v) => enumKey(v) === key) ?? Object.entries(field.valueAliases ?? {}).find(([alias]) => enumKey(alias) === key)?.[1];
  return value ? ok(value) : fail(`Not one of ${values.join(", ")}: ${quoted(raw)}`);
}

/**
 * Several values in one cell (proprietors, addresses), one per line or separated by ";". Commas do not
 * separate: "SMITH, JOHN" is one proprietor. Empty entries and repeats are dropped.
 */
function toList(raw: string | number | boolean | Date, field: ImportField): Coercion<string[] | null> {
  const text = cellText(raw);
  if (text === null) return fail(`Not text: ${quoted(raw)}`);
  const items = [...new Set(text.split(/;|\r\n|\r|\n/).map((item) => item.trim()))].filter(Boolean);
  for (const item of items) {
    const checked = toText(item, field);
    if (!checked.ok) return checked;
  }
  return ok(items.length ? items : null);
}

/** A GeoJSON object (boundary, access route), as GIS exports write it into a cell. */
function toJson(raw: string | number | boolean | Date, field: ImportField): Coercion<Record<string, unknown>> {
  const bad = fail(`Not GeoJSON: ${quoted(raw)}`);
  if (typeof raw !== "string" || (field.maxLength !== undefined && raw.length > field.maxLength)) return bad;
  try {
    const value: unknown = JSON.parse(raw);
    const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
    return isObject && typeof (value as { type?: unknown }).type === "string" ? ok(value as Record<string, unknown>) : bad;
  } catch {
    return bad;
  }
}

/**
 * One cell as its field's value. Blank (empty, spaces, no cell) is null, or the field's required message
 * when the field is required; a list that holds nothing counts as blank too.
 */
export function coerceCell(raw: RawCell, field: ImportField): Coercion {
  const blank = fail(field.requiredMessage ?? `${field.label} is required`);
  if (isBlank(raw)) return field.required ? blank : ok(null);
  let result: Coercion;
  switch (field.type) {
    case "text":
    case "phone":
      result = toText(raw, field);
      break;
    case "email":
      result = toEmail(raw, field);
      break;
    case "date":
      result = toDate(raw);
      break;
    case "decimal":
      result = toDecimal(raw, field);
      break;
    case "integer":
      result = toInteger(raw, field);
      break;
    case "boolean":
      result = toBoolean(raw);
      break;
    case "enum":
      result = toEnum(raw, field);
      break;
    case "list":
      result = toList(raw, field);
      break;
    case "json":
      result = toJson(raw, field);
      break;
  }
  return result.ok && result.value === null && field.required ? blank : result;
}
