/**
 * POST /api/projects (docs/lifecycle.md#new-project): the start-up form as JSON or a form. The spec's payload
 * is `{ name, description, projectData, extractedFields }` with the form's values in projectData;
 * the form's own field names at the top level are accepted too. Validated with the page's schema.
 */
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody } from "~/modules/access/api-request.server";
import { projectToJson } from "~/modules/project/project-json";
import { requireProjectCreator } from "~/modules/access/system.server";
import { createProject } from "./create-project.server";
import { StartupFormSchema } from "./schemas";
import { readExtractedFields } from "./startup-form";

function formValuesOf(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.projectData;
  if (!data || typeof data !== "object" || Array.isArray(data)) return body;
  const values = data as Record<string, unknown>;
  return { ...values, projectTitle: values.projectTitle ?? body.name };
}

export async function apiCreateProject(request: Request) {
  const user = await requireProjectCreator(request);
  const body = await readBody(request);
  const values = parseApiPayload(StartupFormSchema, formValuesOf(body));
  const extracted = Array.isArray(body.extractedFields) ? JSON.stringify(body.extractedFields) : body.extractedFields;
  const clientId = body.clientId === undefined || body.clientId === null || body.clientId === "" ? null : Number(body.clientId);
  const project = await createProject(user, values, { clientId: Number.isSafeInteger(clientId) ? clientId : null, extractedFields: readExtractedFields(extracted) });
  return json(projectToJson(project), { status: 201 });
}
