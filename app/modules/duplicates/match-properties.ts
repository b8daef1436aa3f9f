/**
 * Is an incoming property one already in the project (docs/import.md#duplicates)?
 * The same volume/folio as written is the same title and is merged without asking; the same numbers
 * written with other leading zeros or a suffix on one side, the same lot on the same plan, or a similar
 * address are left for the user to resolve.
 */
import { bestMatch, percent, type DuplicateMatch } from "./match";
import { lotPlanKey, parseLotPlan, parseVolumeFolio, volumeFolioAsWritten, volumeFolioKey, type LotPlan } from "./title-references";
import { addressSimilarity } from "./similarity";
import type { PropertyKeyFields } from "./blocking-keys";

/** Addresses at least this alike (same number, unit and postcode; street words compared) are flagged. */
export const PROPERTY_ADDRESS_THRESHOLD = 0.85;
export const VOLUME_FOLIO_PARTIAL_SIMILARITY = 0.95;
export const LOT_PLAN_SIMILARITY = 0.9;

function volumeFolioMatch(candidate: PropertyKeyFields, existing: PropertyKeyFields): DuplicateMatch | null {
  const [a, b] = [parseVolumeFolio(candidate.volume, candidate.folio), parseVolumeFolio(existing.volume, existing.folio)];
  if (!a || !b || a.volume !== b.volume || a.folio !== b.folio) return null;
  const written = volumeFolioAsWritten(existing.volume, existing.folio);
  if (written && written === volumeFolioAsWritten(candidate.volume, candidate.folio)) {
    return { similarity: 1, matchType: "volume_folio", reason: `same volume/folio ${volumeFolioKey(b)}`, autoMerge: true };
  }
  // Two different suffixes are two different folios; one missing may be the same title written short.
  if (a.suffix && b.suffix && a.suffix !== b.suffix) return null;
  return {
    similarity: VOLUME_FOLIO_PARTIAL_SIMILARITY,
    matchType: "volume_folio_partial",
    reason: `volume/folio ${volumeFolioKey(a)} and ${volumeFolioKey(b)} differ only in leading zeros or suffix`,
  };
}

const lotPlanOf = (record: PropertyKeyFields): LotPlan | null => parseLotPlan(record.lot, record.planNumber) ?? parseLotPlan(record.lotPlanLine);

function lotPlanMatch(candidate: PropertyKeyFields, existing: PropertyKeyFields): DuplicateMatch | null {
  const [a, b] = [lotPlanOf(candidate), lotPlanOf(existing)];
  if (!a || !b || a.lot !== b.lot || a.planNumber !== b.planNumber) return null;
  // A plan number without its type could be any register's; with both types written they must agree.
  if (a.planType && b.planType && a.planType !== b.planType) return null;
  // So with NSW sections: "1/2/DP12345" and "1/3/DP12345" are two lots; "Lot 1 DP12345" may be either written short.
  if (a.section && b.section && a.section !== b.section) return null;
  // The /api spells this match type "lot/plan" (docs/records.md#property-duplicates).
  return { similarity: LOT_PLAN_SIMILARITY, matchType: "lot/plan", reason: `same lot/plan ${lotPlanKey(b.planType ? b : a)}` };
}

function addressMatch(candidate: PropertyKeyFields, existing: PropertyKeyFields): DuplicateMatch | null {
  if (!candidate.address?.trim() || !existing.address?.trim()) return null;
  const similarity = addressSimilarity(candidate.address, existing.address);
  if (similarity < PROPERTY_ADDRESS_THRESHOLD) return null;
  return { similarity, matchType: "address", reason: similarity === 1 ? "same address" : `address ${percent(similarity)} similar` };
}

/**
 * The strongest kind of evidence names the match, not the highest score: the same title written another
 * way (which may be merged) says more than the same street address (which two titles can share).
 */
export function matchProperty(candidate: PropertyKeyFields, existing: PropertyKeyFields): DuplicateMatch | null {
  const [strongest] = [volumeFolioMatch(candidate, existing), lotPlanMatch(candidate, existing), addressMatch(candidate, existing)].filter((m): m is DuplicateMatch => m !== null);
  return strongest ? bestMatch([strongest]) : null;
}
