/**
 * The export request (`POST /api/export/excel`, docs/export.md#modes-and-templates), shared by the /api route and the /export
 * page action. Client-safe. Beyond the spec's payload it takes `mode` (default standard) and `format`
 * (xlsx or csv). `mappings` may be a list or, from a plain form, its JSON text. A mapping's `dbField` may be
 * a field's key or one of its aliases (docs/export.md#engagement-fields); the parsed request carries the key.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { MAX_EXPORT_MAPPINGS } from "./column-list";
import { exportFieldKey, findExportField } from "./export-fields";
import { EXPORT_TYPES } from "./export-types";
import { EXPORT_MODES, EXPORT_MODE_LABELS, exportedColumns, isModeAllowed, NO_FIELDS_MESSAGE } from "./export-modes";

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Headers past this are unreadable in a sheet; Excel caps cells at 32,767 characters anyway. */
export const MAX_COLUMN_NAME_LENGTH = 255;

const booleanish = z.preprocess((value) => {
  if (typeof value === "string") return ["true", "on", "1", "yes"].includes(value.trim().toLowerCase());
  return value ?? false;
}, z.boolean());

export const ExportMappingSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  dbField: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => v ?? ""),
  customColumnName: z
    .string()
    .max(MAX_COLUMN_NAME_LENGTH, `Column names must be ${MAX_COLUMN_NAME_LENGTH} characters or fewer`)
    .nullish()
    .transform((v) => v ?? ""),
  enabled: booleanish,
});

const mappingList = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.array(ExportMappingSchema, { invalid_type_error: NO_FIELDS_MESSAGE, required_error: NO_FIELDS_MESSAGE }).max(MAX_EXPORT_MAPPINGS, `At most ${MAX_EXPORT_MAPPINGS} columns`),
);

export const ExportRequestSchema = z
  .object({
    exportType: z.enum(EXPORT_TYPES, { errorMap: () => ({ message: "Choose what to export: stakeholders, properties, engagements, grievances or commitments" }) }),
    mode: z.enum(EXPORT_MODES, { errorMap: () => ({ message: "Choose an export mode" }) }).default("standard"),
    mappings: mappingList,
    format: z.enum(EXPORT_FORMATS, { errorMap: () => ({ message: "Choose Excel (.xlsx) or CSV" }) }).default("xlsx"),
    /** Read by requireApiProject / the page's project; kept so one schema describes the whole payload. */
    projectId: z.union([z.string(), z.number()]).optional(),
  })
  .superRefine((input, ctx) => {
    if (!isModeAllowed(input.exportType, input.mode)) {
      ctx.addIssue({ code: "custom", path: ["mode"], message: `${EXPORT_MODE_LABELS[input.mode]} is for properties only` });
    }
    input.mappings.forEach((mapping, index) => {
      if (mapping.enabled && mapping.dbField.trim() && !findExportField(input.exportType, mapping.dbField.trim())) {
        ctx.addIssue({ code: "custom", path: ["mappings", index, "dbField"], message: `Unknown field for ${input.exportType}: ${mapping.dbField}` });
      }
    });
    if (exportedColumns(input.mappings).length === 0) ctx.addIssue({ code: "custom", path: ["mappings"], message: NO_FIELDS_MESSAGE });
  })
  // An alias (an engagement field's earlier name) becomes the field's own key, so the rest sees one name per field.
  .transform((input) => ({
    ...input,
    mappings: input.mappings.map((mapping) => {
      const key = exportFieldKey(input.exportType, mapping.dbField.trim());
      return key === mapping.dbField.trim() ? mapping : { ...mapping, dbField: key };
    }),
  }));

export type ExportRequest = z.infer<typeof ExportRequestSchema>;

/** The /export page form's validator: the same schema, reading `mappings[i].field` inputs. */
export const exportValidator = withZod(ExportRequestSchema);
