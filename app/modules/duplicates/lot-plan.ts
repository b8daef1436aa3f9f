/**
 * Lot/plan references read one way (docs/records.md#parcels): the forms surveyors, title searches and
 * cadastre exports write are reduced to one key, so a parcel from a GIS file meets its property and two
 * properties written differently meet as duplicates (title-references.ts delegates here).
 *
 *   Queensland  "Lot 1 on RP123456", "1RP123456", "1/RP123456"          → 1/RP123456
 *   NSW         "Lot 1 DP12345", "1/DP12345", "1//DP12345" (empty section) → 1/DP12345
 *               "Lot 1 Section 2 DP12345", "1/2/DP12345"                 → 1/2/DP12345
 *   Victoria    "Lot 1 on Plan of Subdivision 400001", "1\PS400001"     → 1/PS400001
 */

/** Register prefixes, longest first where one is the start of another (the pattern tries them in order). */
export const PLAN_TYPES = ["MPH", "BUP", "GTP", "USL", "RP", "SP", "CP", "DP", "PS", "TP", "LP", "CG", "AP", "PC", "CS", "SL"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export interface LotPlanParts {
  /** Without leading zeros; a letter lot ("A") as written, upper case. */
  lot: string;
  /** NSW section number; absent when none (or written empty, "1//DP12345"). */
  section?: string;
  /** Null when the plan number came bare: it could be any register's. */
  planType: PlanType | null;
  /** Digits without leading zeros, and a Victorian plan's trailing letter ("PS412345A"). */
  planNumber: string;
}

export interface ParsedLotPlan extends LotPlanParts {
  /** The canonical key: "1/RP123456", "1/2/DP12345", "3/12345" when the type was not written. */
  key: string;
}

/** Written-out registers, as the title search spells them. */
const PLAN_NAMES: [RegExp, PlanType][] = [
  [/\bPLAN OF SUBDIVISION\b/g, "PS"],
  [/\bDEPOSITED PLAN\b/g, "DP"],
  [/\bSTRATA PLAN\b/g, "SP"],
  [/\bSURVEY PLAN\b/g, "SP"],
  [/\bREGISTERED PLAN\b/g, "RP"],
  [/\bCROWN PLAN\b/g, "CP"],
  [/\bTITLE PLAN\b/g, "TP"],
  [/\bLODGED PLAN\b/g, "LP"],
  [/\bPLAN OF CONSOLIDATION\b/g, "PC"],
  [/\bBUILDING UNITS? PLAN\b/g, "BUP"],
  [/\bGROUP TITLES? PLAN\b/g, "GTP"],
];

const TYPE = `(${PLAN_TYPES.join("|")})`;
const NUMBER = `0*(\\d+[A-Z]?)`;
const LOT = `([0-9]+[A-Z]?|[A-Z])`;
const PLAN_WORD = `(?:PLAN\\s*(?:NO\\.?)?\\s*)?`;

/** "1/RP123456", "1//DP12345", "1/2/DP12345", "3 / DP 12345", "Lot 1/DP12345" (backslashes read as slashes). */
const SLASHED = new RegExp(`^(?:(?:LOT|L)\\s*)?${LOT}\\s*/\\s*(?:(\\d*)\\s*/\\s*)?${PLAN_WORD}${TYPE}?\\s*${NUMBER}$`);
/** "1RP123456", "1 RP 123456": a number lot directly before a written type. */
const COMPACT = new RegExp(`^(\\d+)\\s*${TYPE}\\s*${NUMBER}$`);
/** "Lot 1 on RP123456", "L3 DP12345", "Lot 1 Sec 2 DP 12345", "Lot 3 on Deposited Plan 012345". */
const WORDED = new RegExp(`^(?:LOT|L)\\s*\\.?\\s*${LOT}(?:\\s*,?\\s*(?:SECTION|SEC|SECT)\\.?\\s*(\\d+))?\\s*,?\\s*(?:(?:ON|OF|IN)\\s+)?${PLAN_WORD}${TYPE}?\\s*${NUMBER}$`);

const withoutZeros = (digits: string) => digits.replace(/^0+(?=\d)/, "");

function normalise(text: string): string {
  let upper = text.toUpperCase().replace(/\\/g, "/");
  for (const [name, type] of PLAN_NAMES) upper = upper.replace(name, type);
  return upper
    .replace(/\s+/g, " ")
    .replace(/[.,;]+$/, "")
    .trim();
}

/** "1/RP123456": one spelling for every form of the same lot on the same plan. */
export function lotPlanKey(parts: LotPlanParts): string {
  return `${parts.lot}/${parts.section ? `${parts.section}/` : ""}${parts.planType ?? ""}${parts.planNumber}`;
}

function build(lot: string, section: string | undefined, planType: string | undefined, planNumber: string): ParsedLotPlan {
  const parts: LotPlanParts = { lot: withoutZeros(lot), planType: (planType as PlanType | undefined) ?? null, planNumber };
  if (section && Number(section) > 0) parts.section = withoutZeros(section);
  return { ...parts, key: lotPlanKey(parts) };
}

/**
 * A lot/plan from one line ("Lot 1 on RP123456") or from separate lot and plan fields ("1", "DP 12345").
 * Null when the text is not one lot on one plan (an address, a plan without a lot, an unknown register).
 */
export function parseLotPlan(lotOrLine: string | null | undefined, plan?: string | null): ParsedLotPlan | null {
  if (!lotOrLine?.trim()) return null;
  let text = normalise(lotOrLine);
  if (plan?.trim()) text = `${/^L/.test(text) ? "" : "LOT "}${text} ON ${normalise(plan)}`;
  const slashed = SLASHED.exec(text);
  if (slashed) return build(slashed[1]!, slashed[2], slashed[3], slashed[4]!);
  const compact = COMPACT.exec(text);
  if (compact) return build(compact[1]!, undefined, compact[2], compact[3]!);
  const worded = WORDED.exec(text);
  if (worded) return build(worded[1]!, worded[2], worded[3], worded[4]!);
  return null;
}
