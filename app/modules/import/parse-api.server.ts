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
import { getSelectedProjectAccess, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { ImportFileError, invalidFile } from "./parse/errors";
import { INVALID_FILE_MESSAGE } from "./parse/file-kind";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseSheet, parseUploadWith } from "./staging.server";

export const ParseSheetApiSchema = z.object({
  workbookKey: z.string({ required_error: "workbookKey is required" }).trim().min(1, "workbookKey is required"),
  selectedSheet: z.string({ required_error: "Please choose a sheet" }).min(1, "Please choose a sheet"),
});

export const NO_PROJECT_MESSAGE = "No project selected";
export const UNSUPPORTED_FILE_MESSAGE = "Unsupported file format. Please upload CSV, Excel (.xlsx, .xls), or PDF files.";

/** The import /api's errors: the spec's `error` field (and an import refusal's title, e.g. "Invalid File") beside `{ message, code?, errors? }`. */
export const IMPORT_API = { body: "import" } as const;

/**
 * The project of an import /api call: the one it names (`?projectId=`, else `projectId` in the body),
 * else the project selected in the user's session; "No project selected" only when there is neither
 * (docs/import.md#api).
 */
async function importProject(request: Request, body: Record<string, unknown>): Promise<ProjectAccess> {
  const named = new URL(request.url).searchParams.get("projectId") ?? body.projectId;
  if (named !== undefined && named !== null && named !== "") return requireApiProject(request, body);
  const selected = await getSelectedProjectAccess(request);
  if (!selected) throw new AppError(400, NO_PROJECT_MESSAGE, "INVALID_PROJECT");
  return selected;
}

/** The wizard's "Please select a CSV, …" is its upload check; the parse call says the spec's "Unsupported file format. …". */
function asParseCallError(error: unknown): unknown {
  if (!(error instanceof ImportFileError) || error.message !== INVALID_FILE_MESSAGE) return error;
  return Object.assign(invalidFile(UNSUPPORTED_FILE_MESSAGE), { fields: error.fields });
}

/** POST /api/file/parse (multipart: file, fileType; projectId in the query or before the file, else the session's project). */
export function apiParseFile(request: Request) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    await requireUser(request);
    // A project named in the URL is checked before a byte of the body is read; one named in the form
    // (or else the session's) as soon as the file starts, before a byte of it is written.
    const fromUrl = new URL(request.url).searchParams.has("projectId") ? await requireApiProject(request) : null;
    try {
      const { result } = await parseUploadWith(request, async (fields) => fromUrl ?? importProject(request, fields));
      return json(result);
    } catch (error) {
      throw asParseCallError(error);
    }
  }, IMPORT_API);
}

/** POST /api/file/parse-sheet (JSON or form: workbookKey, selectedSheet, projectId; without projectId, the session's project). */
export function apiParseSheet(request: Request) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await importProject(request, body);
    const input = parseApiPayload(ParseSheetApiSchema, body);
    return json(await parseSheet(access, input));
  }, IMPORT_API);
}
