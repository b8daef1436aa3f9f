/** The tabs of a stakeholder's or property's details panel (?tab=): History shows its audit rows (docs/administration.md#history). */
export type RecordTab = "details" | "documents" | "history";

export function recordTabFrom(value: string | null): RecordTab {
  return value === "documents" || value === "history" ? value : "details";
}
