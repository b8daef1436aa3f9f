/* Land-title references (volume/folio, lot/plan) read one way, for duplicate matching (see fold.ts). */
import { lotPlanKey as lotPlanKeyOf, parseLotPlan as parseLotPlanText, type LotPlanParts } from "./lot-plan";

export interface VolumeFolio {
  /** Digits without leading zeros. */
  volume: string;
  folio: string;
  /** A letter after the folio ("512A"), upper case; "" when none. */
  suffix: string;
}

const digitsOnly = (text: string) => text.replace(/^0+(?=\d)/, "");

/**
 * A title reference, from separate volume and folio fields or from one text: "10234/512A", "10234-512",
 * "10234 512", "Vol 1234 Fol 56", "Volume 01234 Folio 056". Null when it does not read as one.
 */
export function parseVolumeFolio(volume: string | null | undefined, folio?: string | null): VolumeFolio | null {
  const text = `${volume ?? ""} ${folio ?? ""}`
    .toUpperCase()
    .replace(/\b(?:VOLUME|VOL|V)\b\.?|\bV(?=\d)/g, " ")
    .replace(/\b(?:FOLIO|FOL|F)\b\.?|\bF(?=\d)/g, " ");
  const match = /^\s*(\d+)\s*[/\-\s]\s*(\d+)\s*([A-Z]?)\s*$/.exec(text.replace(/\s+/g, " "));
  if (!match) return null;
  return { volume: digitsOnly(match[1]!), folio: digitsOnly(match[2]!), suffix: match[3]! };
}

/** "10234/512A": the volume/folio key column's value. */
export function volumeFolioKey(ref: VolumeFolio | null): string | null {
  return ref ? `${ref.volume}/${ref.folio}${ref.suffix}` : null;
}

/** As written, without case, spaces or separators: equal strings are the same reference written the same way. */
export function volumeFolioAsWritten(volume: string | null | undefined, folio?: string | null): string | null {
  const text = `${volume ?? ""}/${folio ?? ""}`.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return parseVolumeFolio(volume, folio) && text ? text : null;
}

export { PLAN_TYPES, type PlanType } from "./lot-plan";

/** A lot/plan as the duplicate rules compare it; read by lot-plan.ts, the one parser of these forms. */
export type LotPlan = LotPlanParts;

/** Separate lot and plan fields, or a lot/plan line: "Lot 3 DP 12345", "3/DP12345", "3//DP12345", "L3 DP12345". */
export function parseLotPlan(lotOrLine: string | null | undefined, planNumber?: string | null): LotPlan | null {
  const parsed = parseLotPlanText(lotOrLine, planNumber);
  if (!parsed) return null;
  const { key: _key, ...parts } = parsed;
  return parts;
}

/** "3/DP12345": the lot/plan key column's value (without a type when none was written). */
export function lotPlanKey(ref: LotPlan | null): string | null {
  return ref ? lotPlanKeyOf(ref) : null;
}
