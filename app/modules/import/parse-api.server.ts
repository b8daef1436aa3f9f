/**
 * The /api twins of the wizard's upload and sheet steps (docs/import.md#api): POST /api/file/parse and
 * POST /api/file/parse-sheet. They call the same staging functions as the pages, and their errors
 * carry the spec's message in an `error` field as well as `message`.
 */
import { json } from "@remix-run/node";
import { z } from "zod";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseSheet, parseUploadWith } from "./staging.server";

export const ParseSheetApiSchema = z.object({
  workbookKey: z.string({ required_error: "workbookKey is required" }).trim().min(1, "workbookKey is required"),
  selectedSheet: z.string({ required_error: "Please choose a sheet" }).min(1, "Please choose a sheet"),
});

/** The import /api's errors: the spec's `error` field (and an import refusal's title, e.g. "Invalid File") beside `{ message, code?, errors? }`. */
export const IMPORT_API = { body: "import" } as const;

/** POST /api/file/parse (multipart: file, fileType; projectId in the query or before the file). */
export function apiParseFile(request: Request) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    await requireUser(request);
    // A project named in the URL is checked before a byte of the body is read; one named in the
    // form is checked as soon as its field arrives, before the file.
    const fromUrl = new URL(request.url).searchParams.has("projectId") ? await requireApiProject(request) : null;
    const { result } = await parseUploadWith(request, async (fields) => fromUrl ?? requireApiProject(request, fields));
    return json(result);
  }, IMPORT_API);
}

/** POST /api/file/parse-sheet (JSON or form: workbookKey, selectedSheet, projectId). */
export function apiParseSheet(request: Request) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(ParseSheetApiSchema, body);
    return json(await parseSheet(access, input));
  }, IMPORT_API);
}
