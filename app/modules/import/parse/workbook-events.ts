import type { RawCell } from "../value-coercion";

/** What a workbook reader yields in order: a sheet starts, then its rows in batches. */
export type WorkbookEvent = { kind: "sheet"; name: string } | { kind: "rows"; rows: { rowNumber: number; cells: RawCell[] }[] };
