/**
 * Forms and /api payloads of the import wizard (zod). The commit: a staged file's dataKey, the import
 * type and the mapping (column name → field key, "skip" or "custom:Name"; docs/import.md#api). What the
 * mapping may say is checked against the staged file by validateMapping in startImport.
 */
import { z } from "zod";
import { IMPORT_TYPES } from "./import-fields";

/** The parser's column limit (docs/import.md#files-and-limits): a mapping cannot name more columns than a file may have. */
export const MAX_MAPPED_COLUMNS = 200;

const mappingObject = z.record(z.string().max(500), z.string().max(500)).refine((mapping) => Object.keys(mapping).length <= MAX_MAPPED_COLUMNS, `At most ${MAX_MAPPED_COLUMNS} columns`);

/** A form post carries the mapping as JSON text; a JSON body as an object. */
const mapping = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, mappingObject);

export const ImportCommitSchema = z.object({
  dataKey: z.string({ required_error: "No file to import: upload one first" }).trim().min(1, "No file to import: upload one first").max(200),
  importType: z.enum(IMPORT_TYPES, { errorMap: () => ({ message: "Choose stakeholders, properties or parcels" }) }),
  mapping,
  /** Parcels (docs/import.md#parcels): the coordinate system ("EPSG:28356") when the file does not say, and what to do with invalid shapes. */
  crs: z.string().trim().max(50).optional(),
  invalidShapes: z.enum(["repair", "skip"], { errorMap: () => ({ message: "Choose repair or skip" }) }).optional(),
});

export type ImportCommitInput = z.infer<typeof ImportCommitSchema>;

/** A record id: a positive int4 (a larger number cannot name a row, and PostgreSQL would refuse it). */
const recordId = z.number().int().positive().max(2_147_483_647, "No such record");

/** One decision on a held-back row (docs/import.md#duplicates): the page's radio choice and the /api resolution both become this. */
export const DuplicateChoiceSchema = z.object({
  pendingId: recordId,
  action: z.enum(["link", "merge", "create"], { errorMap: () => ({ message: "Choose link, merge or create" }) }),
  selectedId: recordId.nullable(),
});

const idOrNull = z.preprocess((value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value), recordId.nullable());
const pendingData = z.object({ pendingId: recordId.optional() }).passthrough().nullish();

/**
 * POST /api/resolve-duplicates (docs/import.md#api): the described resolution fields. The row is named by
 * `pendingId` (from the import's pendingDuplicates), directly or inside pendingStakeholder / pendingProperty;
 * the data fields are accepted for compatibility but the row's values are the server's copy.
 */
export const ResolveDuplicatesApiSchema = z.object({
  importId: recordId.optional(),
  resolutions: z
    .array(
      z.object({
        type: z.enum(["stakeholder", "property"]),
        action: z.enum(["link", "merge", "create"], { errorMap: () => ({ message: "Choose link, merge or create" }) }),
        pendingId: recordId.optional(),
        pendingStakeholder: pendingData,
        pendingProperty: pendingData,
        stakeholderData: pendingData,
        propertyData: pendingData,
        selectedStakeholderId: idOrNull.optional(),
        selectedPropertyId: idOrNull.optional(),
      }),
    )
    .min(1, "Nothing to resolve: send one resolution per pending duplicate")
    .max(10_000),
});

export type ResolveDuplicatesApiInput = z.infer<typeof ResolveDuplicatesApiSchema>;

/** A record id from a form (text) or JSON (a number). */
const idFromText = z.preprocess((value) => (typeof value === "string" && value.trim() ? Number(value) : value), recordId);

/**
 * One decision on an unmatched parcel of a parcel import (docs/import.md#parcels): create a property from it,
 * link it to an existing property of the project, or leave it unlinked. The review page's buttons and
 * POST /api/resolve-parcels both become this.
 */
export const ParcelResolutionSchema = z
  .object({
    parcelId: idFromText,
    action: z.enum(["create", "link", "leave"], { errorMap: () => ({ message: "Choose create, link or leave" }) }),
    propertyId: idFromText.nullish(),
  })
  .refine((r) => r.action !== "link" || Boolean(r.propertyId), { message: "Choose the property to link the parcel to", path: ["propertyId"] });

export const ResolveParcelsApiSchema = z.object({
  importId: idFromText,
  resolutions: z.array(ParcelResolutionSchema).min(1, "Nothing to resolve: send one resolution per parcel").max(10_000),
});

export type ParcelResolution = z.infer<typeof ParcelResolutionSchema>;
