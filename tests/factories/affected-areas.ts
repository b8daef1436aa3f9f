import fs from "node:fs";
import { db } from "../../db/orm";
import { bboxOf, polygonAreaM2 } from "../../app/modules/parcels/area";
import type { Feature, MultiPolygon, Polygon } from "../../app/modules/parcels/geojson";
import { fixturePath } from "../setup/gdal";

/** The six parcels of tests/fixtures/gis/parcels-gda2020.geojson (lots 1–6), as the import would store them. */
export const fixtureParcels = () => (JSON.parse(fs.readFileSync(fixturePath("parcels-gda2020.geojson"), "utf8")) as { features: Feature<Polygon | MultiPolygon>[] }).features;

/**
 * Inserts parcels straight into the parcel table (call inside withRequestContext): area on the ellipsoid
 * and bounding box computed as the import does, each linked to the property `propertyOf(lot)` names.
 * Returns the new ids by lot.
 */
export async function insertParcels(projectId: number, features: Feature<Polygon | MultiPolygon>[], propertyOf: (lot: string) => number | null = () => null): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const feature of features) {
    const lot = String(feature.properties!.lot);
    const [minLng, minLat, maxLng, maxLat] = bboxOf(feature.geometry);
    const [row] = await db()
      .getConnection()
      .execute<{ id: number }[]>(
        `insert into parcel (project_id, property_id, lot_plan, lot_plan_key, geometry, source_crs, area_m2, min_lng, min_lat, max_lng, max_lat)
         values (?, ?, ?, ?, ?::jsonb, 'EPSG:7844', ?, ?, ?, ?, ?) returning id`,
        [
          projectId,
          propertyOf(lot),
          `Lot ${lot} ${feature.properties!.plan}`,
          `${lot}/${feature.properties!.plan}`,
          JSON.stringify(feature.geometry),
          polygonAreaM2(feature.geometry),
          minLng,
          minLat,
          maxLng,
          maxLat,
        ],
      );
    ids.set(lot, row!.id);
  }
  return ids;
}
