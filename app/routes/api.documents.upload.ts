import type { ActionFunctionArgs } from "@remix-run/node";
import { apiUploadDocument } from "~/modules/document/api.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/documents/upload (multipart: file, projectId, stakeholderId?, propertyId?, description,
 * category, tags as a JSON list) → 201 with the document. projectId goes in the query or before the file.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    return apiUploadDocument(request);
  });
