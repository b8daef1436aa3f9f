/**
 * The mapping step's choices for a parcel file (docs/import.md#parcels): the coordinate system (the file's
 * own, else the user's, checked against the coordinates) and, when some shapes are invalid but repairable,
 * whether to repair or skip them. The page action, the /api and the job's start all check them here.
 */
import { crsByCode, type DetectedCrs } from "~/modules/parcels/crs";
import { crsMismatch, INVALID_SHAPE_CHOICES, type InvalidShapeChoice } from "~/modules/parcels/prepare";
import type { GisStaging } from "./gis-staging.server";
import { CHOOSE_CRS_MESSAGE, CHOOSE_INVALID_SHAPES_MESSAGE, CRS_FIELD, INVALID_SHAPES_FIELD } from "./wizard";

export type ParcelChoices = { ok: true; crs: DetectedCrs; invalidShapes: InvalidShapeChoice } | { ok: false; errors: Record<string, string> };

/** Rows whose shape has a problem the repair can fix (and none it cannot). */
export function repairableRows(gis: GisStaging): number[] {
  const byRow = new Map<number, boolean>();
  for (const problem of gis.problems) {
    if (problem.row === undefined) continue;
    byRow.set(problem.row, (byRow.get(problem.row) ?? true) && problem.repairable);
  }
  return [...byRow].filter(([, repairable]) => repairable).map(([row]) => row);
}

export function checkParcelChoices(gis: GisStaging, input: { crs?: string | null; invalidShapes?: string | null }): ParcelChoices {
  const errors: Record<string, string> = {};
  const code = input.crs?.trim() || gis.crs;
  const crs = code ? crsByCode(code) : null;
  if (!code) errors[CRS_FIELD] = CHOOSE_CRS_MESSAGE;
  else if (!crs) errors[CRS_FIELD] = `${code} is not a coordinate system parcels can be imported in: choose one from the list`;
  else {
    const mismatch = crsMismatch(crs, gis.box);
    if (mismatch) errors[CRS_FIELD] = mismatch;
  }
  const choice = input.invalidShapes?.trim() || null;
  const needed = repairableRows(gis).length > 0;
  if (choice && !(INVALID_SHAPE_CHOICES as readonly string[]).includes(choice)) errors[INVALID_SHAPES_FIELD] = CHOOSE_INVALID_SHAPES_MESSAGE;
  else if (needed && !choice) errors[INVALID_SHAPES_FIELD] = CHOOSE_INVALID_SHAPES_MESSAGE;
  if (Object.keys(errors).length || !crs) return { ok: false, errors };
  return { ok: true, crs, invalidShapes: (choice as InvalidShapeChoice | null) ?? "skip" };
}
