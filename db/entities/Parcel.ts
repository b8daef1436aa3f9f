import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportRecord } from "./ImportRecord";
import { Project } from "./Project";
import { Property } from "./Property";
import { User } from "./User";
import { createdAtOnly, optionalText, timestamps } from "./columns";

/** Double precision read back as a JS number. */
const double = () => p.double().$type<number>().runtimeType("number");

/**
 * A cadastral parcel's boundary (docs/records.md#parcels): the shape as imported, converted to GDA2020
 * geographic coordinates (longitude, latitude) and stored as a GeoJSON Polygon or MultiPolygon, with
 * its bounding box in four indexed columns so a map view picks its parcels through a GiST index on
 * the box (`parcel_bbox_index`), not a scan. A parcel belongs to at most one property of its project,
 * matched by lot/plan (`lotPlanKey`, app/modules/duplicates/lot-plan.ts) or linked by hand.
 */
export const Parcel = defineEntity({
  name: "Parcel",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    property: p.manyToOne(Property).nullable().index().deleteRule("set null"),
    /** Lot/plan as the source file wrote it, and its normalised key ("1/RP123456"); null when absent or unreadable. */
    lotPlan: optionalText(),
    lotPlanKey: optionalText(),
    address: optionalText(),
    titleReference: optionalText(),
    /** The source file's other attributes, by column name. */
    attributes: p.json<Record<string, unknown>>().nullable(),
    geometry: p.json<Record<string, unknown>>(),
    /** The coordinate system the file was in (e.g. "EPSG:28356"), for the record. */
    sourceCrs: optionalText(),
    /** Area on the GRS80 ellipsoid, square metres. */
    areaM2: double(),
    /**
     * What the project's affected areas take of it together (the union of their overlaps, so two corridors
     * over the same ground count once), square metres on the ellipsoid; 0 when none reaches it. Kept with
     * its parcel_affected_area rows (docs/records.md#affected-areas).
     */
    affectedM2: double().default(0),
    minLng: double(),
    minLat: double(),
    maxLng: double(),
    maxLat: double(),
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").nullable().index().deleteRule("set null"),
    ...timestamps(),
  },
  indexes: [
    { properties: ["project", "lotPlanKey"] },
    // A map view's parcels: boxes overlapping the view's box (`box(...) && box(...)`), PostgreSQL's built-in box type.
    {
      name: "parcel_bbox_index",
      expression: `create index "parcel_bbox_index" on "parcel" using gist (box(point("min_lng", "min_lat"), point("max_lng", "max_lat")))`,
    },
  ],
});

export type IParcel = InferEntity<typeof Parcel>;

/**
 * A corridor or easement uploaded for a project (docs/records.md#affected-areas): a polygon, or a centre
 * line with a width in metres that was buffered into one. `geometry` is the polygon used for every
 * computation (GDA2020 geographic); `sourceGeometry` is what was uploaded.
 */
export const AffectedArea = defineEntity({
  name: "AffectedArea",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    name: p.text(),
    kind: p.enum(["polygon", "centre_line"] as const),
    widthMetres: p.double().$type<number>().runtimeType("number").nullable(),
    geometry: p.json<Record<string, unknown>>(),
    sourceGeometry: p.json<Record<string, unknown>>().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    ...timestamps(),
  },
});

export type IAffectedArea = InferEntity<typeof AffectedArea>;

/**
 * The part of a parcel an affected area takes, computed when the area is uploaded (or parcels are
 * imported): square metres on the ellipsoid, and the share of the parcel (0–1).
 */
export const ParcelAffectedArea = defineEntity({
  name: "ParcelAffectedArea",
  properties: {
    id: p.integer().primary().autoincrement(),
    parcel: p.manyToOne(Parcel).deleteRule("cascade").index(),
    affectedArea: p.manyToOne(AffectedArea).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    areaM2: double(),
    share: double(),
    createdAt: createdAtOnly(),
  },
  uniques: [{ properties: ["parcel", "affectedArea"] }],
});

export type IParcelAffectedArea = InferEntity<typeof ParcelAffectedArea>;
