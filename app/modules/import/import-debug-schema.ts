/**
 * The Import Process Debug Tool's GET form (docs/import.md#debug-tool): a name, e-mail and phone to run
 * through the duplicate matcher, or the offset of a sample of the project's stakeholders. Read like a
 * list's search parameters: a hand-edited URL is trimmed and capped rather than refused.
 */
import { z } from "zod";

export const DEBUG_FIELD_MAX_LENGTH = 200;
/** Stakeholders matched per sample page. */
export const DEBUG_SAMPLE_SIZE = 10;
const MAX_SAMPLE_OFFSET = 10_000_000;

const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim().slice(0, DEBUG_FIELD_MAX_LENGTH))
  .catch("");

export const ImportDebugQuerySchema = z.object({
  name: text,
  email: text,
  phone: text,
  sample: z.coerce.number().int().min(0).max(MAX_SAMPLE_OFFSET).catch(0),
});

export type ImportDebugQuery = z.infer<typeof ImportDebugQuerySchema>;

/** The query of one URL; `sample` is absent from a URL without it (0). */
export function parseImportDebugQuery(params: URLSearchParams): ImportDebugQuery {
  return ImportDebugQuerySchema.parse({
    name: params.get("name") ?? undefined,
    email: params.get("email") ?? undefined,
    phone: params.get("phone") ?? undefined,
    sample: params.get("sample") ?? 0,
  });
}

/** A typed probe when any of its three fields has text; otherwise the page samples the project. */
export const isTypedProbe = (query: ImportDebugQuery) => Boolean(query.name || query.email || query.phone);
