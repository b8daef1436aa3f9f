import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload, readBody, requireApiProject } from "~/modules/auth/api.server";
import { recordIdParam } from "~/modules/document/api.server";
import { templateEditSchema } from "~/modules/template/schemas";
import { deleteTemplate, TEMPLATE_DELETE_PERMISSION, updateTemplate } from "~/modules/template/template.server";
import { AppError } from "~/utils/app-error";
import { handleApi } from "~/utils/http.server";

/** PUT /api/templates/{id} (templateName, templateDescription, category, tags, projectId); DELETE /api/templates/{id}?projectId=. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method === "PUT" || request.method === "PATCH") {
      const body = await readBody(request);
      const access = await requireApiProject(request, "editData", body);
      return json(await updateTemplate(access, recordIdParam(params.id), parseApiPayload(templateEditSchema, body)));
    }
    if (request.method === "DELETE") {
      const access = await requireApiProject(request, TEMPLATE_DELETE_PERMISSION);
      await deleteTemplate(access, recordIdParam(params.id));
      return json({ message: "Template deleted successfully" });
    }
    throw new AppError(400, "Use PUT or DELETE");
  });
