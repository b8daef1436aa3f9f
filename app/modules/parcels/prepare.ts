/**
 * One parcel of an import made ready to store (docs/import.md#parcels): its shape checked and, with the
 * user's consent, repaired (validate.ts), converted to GDA2020 longitude/latitude (crs.ts), measured on the
 * ellipsoid (area.ts) and boxed; its lot/plan read (lot-plan.ts); and its property found among the
 * candidates by the duplicate rules' lot/plan match (docs/records.md#parcels).
 */
import { parseLotPlan, type ParsedLotPlan } from "~/modules/duplicates/lot-plan";
import { propertyMatchKeys } from "~/modules/duplicates/match-keys";
import { matchProperty } from "~/modules/duplicates/match-properties";
import { polygonAreaM2 } from "./area";
import { GDA2020_CODE, reprojectGeometry, type DetectedCrs } from "./crs";
import { mapPositions, positionsOf, type Geometry, type MultiPolygon, type Polygon } from "./geojson";
import { repair, validateFeature } from "./validate";

export const INVALID_SHAPE_CHOICES = ["repair", "skip"] as const;
export type InvalidShapeChoice = (typeof INVALID_SHAPE_CHOICES)[number];

/** The mapped attributes of one parcel (import-fields.ts PARCEL_FIELDS). */
export interface ParcelAttributes {
  lot?: unknown;
  plan?: unknown;
  lotPlan?: unknown;
  address?: unknown;
  titleReference?: unknown;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PreparedParcel {
  /** GDA2020 longitude/latitude, eight decimals (about 1 mm), without heights. */
  geometry: Polygon | MultiPolygon;
  box: Box;
  areaM2: number;
  /** Lot/plan as the file wrote it, and its key ("1/RP123456"); null when the file gives none or it does not read as one. */
  lotPlan: string | null;
  lotPlanKey: string | null;
  repaired: boolean;
}

export type Preparation = { ok: true; parcel: PreparedParcel } | { ok: false; reason: string };

/** Where Australia's parcels can be once converted (MGA zones 49–56 and the islands beyond): outside it the system chosen was wrong. */
const AUSTRALIA: Box = { minX: 100, minY: -60, maxX: 170, maxY: 0 };

const textOf = (value: unknown) => (value === null || value === undefined ? null : String(value).trim() || null);
const round8 = (n: number) => Math.round(n * 1e8) / 1e8;

/** The lot/plan of a parcel: separate lot and plan, else one lot/plan text (a lot field alone may hold "1/DP12345"). */
export function parcelLotPlan(attributes: ParcelAttributes): { written: string | null; parsed: ParsedLotPlan | null } {
  const [lot, plan, line] = [textOf(attributes.lot), textOf(attributes.plan), textOf(attributes.lotPlan)];
  const parsed = (lot && plan ? parseLotPlan(lot, plan) : null) ?? (line ? parseLotPlan(line) : null) ?? (lot && !plan ? parseLotPlan(lot) : null);
  const written = line ?? (lot && plan ? `Lot ${lot} ${plan}` : (lot ?? plan));
  return { written, parsed };
}

export function boxOf(geometry: Geometry): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of positionsOf(geometry)) {
    if (x! < box.minX) box.minX = x!;
    if (x! > box.maxX) box.maxX = x!;
    if (y! < box.minY) box.minY = y!;
    if (y! > box.maxY) box.maxY = y!;
  }
  return box;
}

/** Why a file's coordinates cannot be in the system chosen for them (degrees read as metres, or the other way), or null. */
export function crsMismatch(crs: DetectedCrs, box: Box | null): string | null {
  if (!box || !Number.isFinite(box.minX)) return null;
  const degrees = Math.abs(box.minX) <= 180 && Math.abs(box.maxX) <= 180 && Math.abs(box.minY) <= 90 && Math.abs(box.maxY) <= 90;
  if (!crs.zone && !degrees) return `The coordinates are in metres, not degrees, so they cannot be ${crs.label}: choose the MGA zone the file is in.`;
  if (crs.zone && degrees) return `The coordinates are in degrees, not metres, so they cannot be ${crs.label}: choose a longitude/latitude system.`;
  if (crs.zone && (box.minX < 0 || box.maxX > 1_000_000 || box.minY < 0 || box.maxY > 10_000_000)) return `The coordinates are not MGA eastings and northings, so they cannot be ${crs.label}.`;
  return null;
}

/**
 * The parcel ready to store, or why its row is skipped: a shape that cannot be repaired, one the user
 * chose to skip, or one that lands outside Australia once converted.
 */
export function prepareParcel(geometry: Geometry | null, attributes: ParcelAttributes, crs: DetectedCrs, choice: InvalidShapeChoice | null): Preparation {
  const issues = validateFeature({ geometry });
  let shape = geometry;
  if (issues.length) {
    const reasons = issues.map((i) => i.message).join(" ");
    if (issues.some((i) => !i.repairable)) return { ok: false, reason: `${reasons} It cannot be repaired, so it was skipped.` };
    if (choice !== "repair") return { ok: false, reason: `${reasons} Skipped as chosen.` };
    const repaired = repair({ type: "Feature", geometry, properties: null });
    if (!repaired.feature) return { ok: false, reason: `${reasons} It could not be repaired, so it was skipped.` };
    shape = repaired.feature.geometry;
  }
  const converted = mapPositions(reprojectGeometry(shape as Polygon | MultiPolygon, crs.code, GDA2020_CODE), (p) => [round8(p[0]!), round8(p[1]!)]);
  const box = boxOf(converted);
  if (box.minX < AUSTRALIA.minX || box.maxX > AUSTRALIA.maxX || box.minY < AUSTRALIA.minY || box.maxY > AUSTRALIA.maxY) {
    return { ok: false, reason: `The shape is outside Australia once converted from ${crs.label}: check the coordinate system.` };
  }
  const { written, parsed } = parcelLotPlan(attributes);
  return { ok: true, parcel: { geometry: converted, box, areaM2: polygonAreaM2(converted), lotPlan: written, lotPlanKey: parsed?.key ?? null, repaired: issues.length > 0 } };
}

/** The property match key a parcel's lot/plan looks for (property.match_keys "lp:1/12345": without register or section). */
export function parcelMatchKey(lotPlanKey: string | null): string | null {
  if (!lotPlanKey) return null;
  return propertyMatchKeys({ lotPlanLine: lotPlanKey }).find((key) => key.startsWith("lp:")) ?? null;
}

export interface CandidateProperty {
  id: number;
  lot: string | null;
  planNumber: string | null;
  lotPlanLine: string | null;
}

/**
 * The one property a parcel belongs to, by the duplicate rules' lot/plan match: a plan written without its
 * register meets any register's, two sections of one NSW plan are two lots. When several match, the one
 * written with the parcel's exact key wins; otherwise none (the review step asks the user).
 */
export function matchParcel(lotPlanKey: string | null, candidates: readonly CandidateProperty[]): number | null {
  if (!lotPlanKey) return null;
  const matches = candidates.filter((c) => matchProperty({ lotPlanLine: lotPlanKey }, { lot: c.lot, planNumber: c.planNumber, lotPlanLine: c.lotPlanLine })?.matchType === "lot/plan");
  const ids = [...new Set(matches.map((c) => c.id))];
  if (ids.length <= 1) return ids[0] ?? null;
  const exact = matches.filter((c) => (parseLotPlan(c.lot, c.planNumber) ?? parseLotPlan(c.lotPlanLine))?.key === lotPlanKey);
  return exact.length === 1 ? exact[0]!.id : null;
}
