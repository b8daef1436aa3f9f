/**
 * The duplicates step's shapes (docs/import.md#duplicates, #api): what a row waiting for the user shows, the
 * actions it may take, the form's choice values, and the spec's /api payload. Pure and client-safe.
 */
import { percent } from "~/modules/duplicates/match";
import type { DuplicateKind } from "~/modules/duplicates/candidates.server";

export type ResolutionAction = "link" | "merge" | "create";

/** Property merges only make sense for the same title written another way (docs/import.md#duplicates). */
export const MERGEABLE_PROPERTY_MATCHES = new Set(["volume_folio", "volume_folio_partial"]);

export function actionsFor(kind: DuplicateKind, matchType: string): ResolutionAction[] {
  return kind === "property" && !MERGEABLE_PROPERTY_MATCHES.has(matchType) ? ["link", "create"] : ["link", "merge", "create"];
}

export const ACTION_LABELS: Record<DuplicateKind, Record<ResolutionAction, string>> = {
  stakeholder: { link: "Link to existing", merge: "Merge data", create: "Create new" },
  property: { link: "Same property - skip import", merge: "Merge", create: "Create new" },
};

export const RESOLVE_ALL_MESSAGE: Record<DuplicateKind, string> = {
  stakeholder: "Please resolve all duplicate stakeholders before proceeding.",
  property: "Please resolve all duplicate properties before proceeding.",
};
export const RESOLVED_TITLE = "Duplicates Resolved Successfully!";
export const RESOLVE_FAILED_MESSAGE = "Failed to resolve duplicates";
export const ALREADY_RESOLVED_MESSAGE = "This import's duplicates have already been resolved.";

export const DUPLICATES_FORM_ID = "import-duplicates";

/** The duplicates step of an import, at a page of its rows. */
export const duplicatesUrl = (importId: number, page = 1) => `/import/${importId}/duplicates${page > 1 ? `?page=${page}` : ""}`;

/** The form's input name for one row's choice, and its values ("link:12", "merge:12", "create"). */
export const choiceName = (pendingId: number) => `choice-${pendingId}`;
export const choiceValue = (action: ResolutionAction, candidateId?: number | null) => (action === "create" ? "create" : `${action}:${candidateId}`);

export interface Choice {
  pendingId: number;
  action: ResolutionAction;
  selectedId: number | null;
}

/** Reads one choice value; null when it is not one the form offers. */
export function parseChoice(pendingId: number, value: unknown): Choice | null {
  if (value === "create") return { pendingId, action: "create", selectedId: null };
  const match = typeof value === "string" ? /^(link|merge):(\d{1,10})$/.exec(value) : null;
  return match ? { pendingId, action: match[1] as ResolutionAction, selectedId: Number(match[2]) } : null;
}

export interface FieldDifference {
  field: string;
  label: string;
  incoming: string;
  existing: string;
}

export interface CandidateView {
  id: number;
  /** The record's name (stakeholders) or address (properties), as it now is. */
  title: string;
  summary: { label: string; value: string }[];
  similarity: number;
  similarityText: string;
  matchType: string;
  reason: string;
  differences: FieldDifference[];
  actions: ResolutionAction[];
}

export interface PendingDuplicateView {
  id: number;
  rowNumber: number;
  kind: DuplicateKind;
  title: string;
  incoming: { label: string; value: string }[];
  candidates: CandidateView[];
  /** The saved choice, as the form's value. */
  choice: string | null;
}

export const similarityText = (similarity: number) => percent(similarity).replace(" ", "");

/** A stored value as text for the screen: lists joined, booleans Yes/No, blanks as an empty string. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(displayValue).join("; ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}T00:00:00(?:\.000)?(?:Z|\+00:00)$/.test(text) ? text.slice(0, 10) : text;
}
