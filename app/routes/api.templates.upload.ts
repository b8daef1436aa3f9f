import type { ActionFunctionArgs } from "@remix-run/node";
import { apiUploadTemplate } from "~/modules/template/api.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/templates/upload: multipart file plus projectId (query or before the file) and the template fields. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    return apiUploadTemplate(request);
  });
