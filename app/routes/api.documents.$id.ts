import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { deleteDocument, getDocumentJson, updateDocument } from "~/modules/document/document.server";
import { documentEditSchema } from "~/modules/document/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseRecordId, requireRecordId } from "~/utils/record-id";

/** GET /api/documents/{id}?projectId=: one document. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => json(await getDocumentJson(await requireApiProject(request), requireRecordId(params.id, "Document not found"))));

/** PUT /api/documents/{id}?projectId= (description, category, tags); DELETE /api/documents/{id}?projectId=. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "PUT", "PATCH", "DELETE");
    if (request.method === "PUT" || request.method === "PATCH") {
      const body = await readBody(request);
      const access = await requireApiProject(request, body);
      const input = parseApiPayload(documentEditSchema, body);
      return json(await updateDocument(access, parseRecordId(params.id), input));
    }
    // DELETE
    const access = await requireApiProject(request);
    const { originalFileName } = await deleteDocument(access, parseRecordId(params.id));
    return json({ message: "Document deleted", originalFileName });
  });
