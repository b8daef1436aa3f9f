import { AppError } from "./app-error";

/** The largest value of a PostgreSQL `integer` id column. */
const MAX_ID = 2_147_483_647;

/**
 * A record id from a URL segment, query value, form field or JSON body: a positive whole number
 * that fits the id column, written in digits only ("12", not "12abc", "1e3" or "-1"). Anything else is
 * null, so callers answer 404 (never a 500 from the database).
 */
export function parseRecordId(value: unknown): number | null {
  const id = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** The same, or a 404 with `notFoundMessage` (e.g. "Property not found"). */
export function requireRecordId(value: unknown, notFoundMessage: string): number {
  const id = parseRecordId(value);
  if (id === null) throw new AppError(404, notFoundMessage);
  return id;
}
