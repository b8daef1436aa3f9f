import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { apiUploadAccess } from "~/modules/document/api.server";
import { TEMPLATE_EXTENSIONS } from "~/modules/document/file-types";
import { receiveProjectUpload } from "~/modules/document/receive.server";
import { templateUploadSchema } from "./schemas";
import { createTemplate } from "./template.server";

/** POST /api/templates/upload (multipart: file, projectId, templateName, templateDescription, category, tags) → 201. */
export async function apiUploadTemplate(request: Request) {
  const resolveAccess = await apiUploadAccess(request);
  const { access, fields, file, discard } = await receiveProjectUpload(request, { extensions: TEMPLATE_EXTENSIONS, kind: "templates", resolveAccess });
  let input;
  try {
    input = parseApiPayload(templateUploadSchema, fields);
  } catch (error) {
    await discard();
    throw error;
  }
  return json(await createTemplate(access, file, input), { status: 201 });
}
