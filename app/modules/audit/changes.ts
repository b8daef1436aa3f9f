/**
 * The fields an audit row changed, old → new, for the History views (docs/administration.md#history). Pure. Bookkeeping
 * fields (version, timestamps, match keys) are left out: they change with every save.
 */
export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

const IGNORED = new Set(["version", "updatedAt", "createdAt", "matchKeys", "id", "projectId"]);
const MAX_VALUE = 120;

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const asObject = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export function auditChanges(before: unknown, after: unknown, limit = 12): FieldChange[] {
  const b = asObject(before);
  const a = asObject(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !IGNORED.has(f));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (JSON.stringify(b[field] ?? null) === JSON.stringify(a[field] ?? null)) continue;
    // A created or deleted record lists only what it had, not every empty field.
    if ((before === null || after === null) && (b[field] ?? a[field]) === null) continue;
    changes.push({ field, from: show(b[field]), to: show(a[field]) });
    if (changes.length >= limit) break;
  }
  return changes;
}
