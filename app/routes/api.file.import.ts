import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { startImport, waitForImport } from "~/modules/import/imports.server";
import { apiPendingDuplicates } from "~/modules/import/duplicates.server";
import { importResponse } from "~/modules/import/import-view";
import { listUnmatchedParcels } from "~/modules/import/parcel-review.server";
import { ImportCommitSchema } from "~/modules/import/schemas";
import { AppError } from "~/utils/app-error";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { IMPORT_API } from "~/modules/import/parse-api.server";

/** How long the call waits for the job before answering 202 (the import goes on; poll the record). */
export const API_IMPORT_WAIT_MS = 60_000;
export const IMPORT_FAILED_MESSAGE = "Failed to import data. Please try again.";

/**
 * POST /api/file/import: { dataKey, mapping, importType, projectId } → the spec's counts and importId
 * once the job has committed (a failed attempt's retry included); 202 { importId, status } if it is still
 * queued, running or waiting for its retry after a minute.
 * Errors carry the spec's message in `error` as well as `message` (as /api/file/parse does).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(ImportCommitSchema, body);
    const { importId } = await startImport(access, input);
    const view = await waitForImport(access, importId, API_IMPORT_WAIT_MS);
    if (view.status === "completed" && view.importType === "parcels") {
      // A parcel import answers its unmatched parcels (the first 1,000), for POST /api/resolve-parcels.
      return json({ ...importResponse(view), unmatchedParcels: await listUnmatchedParcels(access, importId, { limit: 1000, offset: 0 }) });
    }
    if (view.status === "completed") return json(importResponse(view, view.counts.pendingDuplicates ? await apiPendingDuplicates(access, importId) : []));
    if (view.status === "failed") throw new AppError(500, view.error ?? IMPORT_FAILED_MESSAGE, "IMPORT_FAILED");
    return json({ importId, status: view.status }, { status: 202 });
  }, IMPORT_API);
}
