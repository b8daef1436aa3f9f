/**
 * Forms and /api payloads of the import wizard (zod). The commit: a staged file's dataKey, the import
 * type and the mapping (column name → field key, "skip" or "custom:Name"; spec 000 §7). What the
 * mapping may say is checked against the staged file by validateMapping in startImport.
 */
import { z } from "zod";
import { IMPORT_TYPES } from "./import-fields";

/** The parser's column limit (issue 10): a mapping cannot name more columns than a file may have. */
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
  importType: z.enum(IMPORT_TYPES, { errorMap: () => ({ message: "Choose stakeholders or properties" }) }),
  mapping,
});

export type ImportCommitInput = z.infer<typeof ImportCommitSchema>;
