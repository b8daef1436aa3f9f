import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { templateEditSchema } from "~/modules/template/schemas";
import { deleteTemplate, updateTemplate } from "~/modules/template/template.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** PUT /api/templates/{id} (templateName, templateDescription, category, tags, projectId); DELETE /api/templates/{id}?projectId=. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "PUT", "PATCH", "DELETE");
    if (request.method === "PUT" || request.method === "PATCH") {
      const body = await readBody(request);
      const access = await requireApiProject(request, body);
      return json(await updateTemplate(access, parseRecordId(params.id), parseApiPayload(templateEditSchema, body)));
    }
    // DELETE
    const access = await requireApiProject(request);
    await deleteTemplate(access, parseRecordId(params.id));
    return json({ message: "Template deleted successfully" });
  });
