import type { ActionFunctionArgs } from "@remix-run/node";
import { apiUploadTemplate } from "~/modules/template/api.server";
import { AppError } from "~/utils/app-error";
import { handleApi } from "~/utils/http.server";

/** POST /api/templates/upload: multipart file plus projectId (query or before the file) and the template fields. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new AppError(400, "Use POST");
    return apiUploadTemplate(request);
  });
