/**
 * Reading values off loaded entities. A relation is a reference (`{ id }`, possibly unloaded) and a
 * `date` column arrives as a Date or a 'YYYY-MM-DD' string depending on the driver path.
 */

/** The id of an entity reference (a ManyToOne value or a populated entity). */
export function refId(ref: unknown): number {
  return Number((ref as { id: number }).id);
}

/** The id of an optional reference, or null when the relation is empty. */
export function refIdOrNull(ref: unknown): number | null {
  return ref ? refId(ref) : null;
}

/** A `date` column as 'YYYY-MM-DD', or null when empty. */
export function calendarDateOf(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === "string" && value ? value.slice(0, 10) : null;
}
