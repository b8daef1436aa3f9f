/**
 * Editing a list of form rows (export columns, a project's team members) the same way with and
 * without JavaScript. Without it, "Add", "Remove" and "Move up/down" are submit buttons named
 * `intent` that post the whole form back, and the action re-renders the edited list; with it, the
 * same buttons edit the list in place. Both go through `applyRowEdit`, so they cannot disagree.
 * Client-safe and pure.
 */

export type RowEdit = { kind: "add" } | { kind: "remove" | "up" | "down"; id: string };

/** The control that should have focus after an edit, so keyboard and screen-reader users stay in place. */
export type RowControl = "first" | "up" | "down" | "remove" | "add";
export interface RowFocus {
  /** The row's id, or null for the list's own "Add" button. */
  rowId: string | null;
  control: RowControl;
}

/** The submit button value for an edit: `add`, `remove:ID`, `up:ID`, `down:ID`. */
export function rowEditIntent(edit: RowEdit): string {
  return edit.kind === "add" ? "add" : `${edit.kind}:${edit.id}`;
}

/** Reads a posted `intent`; anything else (export, save, a forged value) is null. */
export function parseRowEdit(intent: unknown): RowEdit | null {
  if (intent === "add") return { kind: "add" };
  if (typeof intent !== "string") return null;
  const match = /^(remove|up|down):(.{1,40})$/.exec(intent);
  if (!match) return null;
  return { kind: match[1] as "remove" | "up" | "down", id: match[2]! };
}

/** A fresh id: one more than the largest numeric id in the list. */
export function nextRowId(rows: readonly { id: string }[]): string {
  const largest = rows.reduce((max, row) => {
    const n = Number.parseInt(row.id, 10);
    return Number.isFinite(n) && n > max ? n : max;
  }, 0);
  return String(largest + 1);
}

export interface RowEditResult<T> {
  rows: T[];
  /** Whether the list changed (moving the first row up does not). */
  changed: boolean;
  focus: RowFocus;
  /** The row the edit was about (the added, removed or moved one), for the message announcing it. */
  row: T | null;
  /** Where that row now is, counted from 1 (0 when it was removed). */
  position: number;
}

/**
 * Applies one edit. `create(id)` makes the row "Add" appends. Focus follows the row: a new row's first
 * field; after a removal the next row's Remove (else the previous one's, else Add); a moved row keeps
 * its button unless it reached the end, then the other direction's.
 */
export function applyRowEdit<T extends { id: string }>(rows: readonly T[], edit: RowEdit, create: (id: string) => T, maxRows = Number.POSITIVE_INFINITY): RowEditResult<T> {
  if (edit.kind === "add") {
    if (rows.length >= maxRows) return { rows: [...rows], changed: false, focus: { rowId: null, control: "add" }, row: null, position: 0 };
    const row = create(nextRowId(rows));
    return { rows: [...rows, row], changed: true, focus: { rowId: row.id, control: "first" }, row, position: rows.length + 1 };
  }
  const index = rows.findIndex((row) => row.id === edit.id);
  if (index < 0) return { rows: [...rows], changed: false, focus: { rowId: null, control: "add" }, row: null, position: 0 };
  const row = rows[index]!;
  if (edit.kind === "remove") {
    const next = rows.filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1] ?? null;
    return { rows: next, changed: true, focus: neighbour ? { rowId: neighbour.id, control: "remove" } : { rowId: null, control: "add" }, row, position: 0 };
  }
  const target = edit.kind === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= rows.length) {
    return { rows: [...rows], changed: false, focus: { rowId: row.id, control: edit.kind === "up" ? "down" : "up" }, row, position: index + 1 };
  }
  const next = [...rows];
  next.splice(index, 1);
  next.splice(target, 0, row);
  const atEnd = edit.kind === "up" ? target === 0 : target === next.length - 1;
  const control: RowControl = atEnd ? (edit.kind === "up" ? "down" : "up") : edit.kind;
  return { rows: next, changed: true, focus: { rowId: row.id, control }, row, position: target + 1 };
}
