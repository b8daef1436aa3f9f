/**
 * What the property form's duplicate check shows (docs/records.md#property-duplicates):
 * the candidate's shape and how a match is labelled. Client-safe. The matching itself is the import's
 * (app/modules/duplicates/): property.server.ts findPropertyDuplicates.
 */
export type DuplicateMatchType = "volume_folio" | "volume_folio_partial" | "address" | "lot/plan";

export interface PropertyMatchInput {
  address: string;
  volume?: string | null;
  folio?: string | null;
  lot?: string | null;
  planNumber?: string | null;
  lotPlanLine?: string | null;
}

export interface DuplicateCandidate {
  id: number;
  similarity: number;
  matchType: DuplicateMatchType;
  address: string;
  volume: string | null;
  folio: string | null;
  lotPlanLine: string | null;
  proprietors: string[];
}

/** The duplicate dialog lists at most this many candidates, the most similar first. */
export const MAX_PROPERTY_DUPLICATES = 10;

/** "87%" — the spec shows similarity as a percentage. */
export function similarityPercent(similarity: number): string {
  return `${Math.round(similarity * 100)}%`;
}

export const MATCH_TYPE_LABELS: Record<DuplicateMatchType, string> = {
  volume_folio: "Same volume/folio",
  volume_folio_partial: "Partial volume/folio",
  address: "Similar address",
  "lot/plan": "Same lot/plan",
};
