import type { ActionFunctionArgs } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { exportData, exportResponse } from "~/modules/export/excel-export.server";
import { NO_PROJECT_MESSAGE } from "~/modules/export/export-modes";
import { ExportRequestSchema } from "~/modules/export/schemas";
import { AppError } from "~/utils/app-error";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/export/excel: { exportType, mode?, mappings, format?, projectId } → the file as an
 * attachment, `{type}_export_{YYYY-MM-DD}.xlsx` (or .csv). Errors are `{ message }`: "Please select a
 * project before exporting" without a project, "Please select at least one field to export" (400),
 * "Failed to export data" (500). Any role with exportData may export (viewers too).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const projectId = new URL(request.url).searchParams.get("projectId") ?? body.projectId;
    if (projectId === undefined || projectId === null || projectId === "") throw new AppError(400, NO_PROJECT_MESSAGE, "INVALID_PROJECT");
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(ExportRequestSchema, body);
    return exportResponse(await exportData(access, input));
  });
