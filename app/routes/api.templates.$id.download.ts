import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { fileResponse } from "~/modules/document/file-response.server";
import { findTemplate } from "~/modules/template/template.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/templates/{id}/download?projectId=: the file under its original name. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return fileResponse(await findTemplate(access, parseRecordId(params.id)), "download", "Failed to download template");
  });
