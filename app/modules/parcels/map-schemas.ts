import { z } from "zod";
import { parseBbox } from "./map-view";

/** The message of a `bbox` that is not four numbers in degrees, west < east and south < north. */
export const BBOX_MESSAGE = "bbox must be minLng,minLat,maxLng,maxLat in degrees, west before east and south before north";

const bbox = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text === "") return null;
    const parsed = parseBbox(text);
    if (!parsed) ctx.addIssue({ code: z.ZodIssueCode.custom, message: BBOX_MESSAGE });
    return parsed;
  });

/**
 * The query of /map and its /api twins (docs/records.md#the-map): the view's box, and optionally a
 * property whose parcels the view opens around ("Show on map").
 */
export const ParcelViewSchema = z.object({
  bbox,
  property: z
    .string()
    .regex(/^\d{1,9}$/, "property must be a property id")
    .transform(Number)
    .optional(),
});
export type ParcelViewInput = z.infer<typeof ParcelViewSchema>;

export const PARCEL_EXPORT_FORMATS = ["geojson", "kml"] as const;
export const ParcelExportSchema = z.object({
  bbox,
  format: z.enum(PARCEL_EXPORT_FORMATS, { errorMap: () => ({ message: "format must be geojson or kml" }) }),
});
export type ParcelExportInput = z.infer<typeof ParcelExportSchema>;

/** The query parameters a schema reads, from a URL (absent parameters stay undefined). */
export function queryOf(url: URL, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, url.searchParams.get(name) ?? undefined]));
}
