import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload, readBody, requireApiProject } from "~/modules/auth/api.server";
import { deleteDocument, DELETE_PERMISSION, getDocumentJson, updateDocument } from "~/modules/document/document.server";
import { recordIdParam } from "~/modules/document/api.server";
import { documentEditSchema } from "~/modules/document/schemas";
import { AppError } from "~/utils/app-error";
import { handleApi } from "~/utils/http.server";

/** GET /api/documents/{id}?projectId=: one document. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => json(await getDocumentJson(await requireApiProject(request, "viewData"), recordIdParam(params.id))));

/** PUT /api/documents/{id}?projectId= (description, category, tags); DELETE /api/documents/{id}?projectId=. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method === "PUT" || request.method === "PATCH") {
      const body = await readBody(request);
      const access = await requireApiProject(request, "editData", body);
      const input = parseApiPayload(documentEditSchema, body);
      return json(await updateDocument(access, recordIdParam(params.id), input));
    }
    if (request.method === "DELETE") {
      const access = await requireApiProject(request, DELETE_PERMISSION);
      const { originalFileName } = await deleteDocument(access, recordIdParam(params.id));
      return json({ message: "Document deleted", originalFileName });
    }
    throw new AppError(400, "Use PUT or DELETE");
  });
