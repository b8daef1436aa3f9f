import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { findDocument } from "~/modules/document/document.server";
import { fileResponse } from "~/modules/document/file-response.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/documents/{id}/preview?projectId=: PDF and images inline (sandboxed); anything else as an attachment. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return fileResponse(await findDocument(access, parseRecordId(params.id)), "preview");
  });
