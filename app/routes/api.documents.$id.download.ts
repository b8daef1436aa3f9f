import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { findDocument } from "~/modules/document/document.server";
import { fileResponse } from "~/modules/document/file-response.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/documents/{id}/download?projectId=: the file as an attachment under its original name. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return fileResponse(await findDocument(access, parseRecordId(params.id)), "download");
  });
