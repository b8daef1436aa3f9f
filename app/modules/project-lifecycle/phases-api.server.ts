/**
 * POST /api/projects/{id}/planning and /closure (docs/lifecycle.md#planning-and-closure-forms): the form's values as JSON or a form,
 * checked with the page form's schema. `intent: "save"` keeps them as work in progress; anything
 * else (the default) submits the part. Answers `{ message, project }`.
 */
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody } from "~/modules/access/api-request.server";
import { requirePermission } from "~/modules/access/project-access.server";
import { projectToJson } from "~/modules/project/project-json";
import { AppError } from "~/utils/app-error";
import { requireMethod } from "~/utils/http.server";
import { requirePhaseProject } from "./phase-access.server";
import { PHASE_TEXT, type FormPhase } from "./phase-fields";
import { PHASE_SCHEMAS, readPhaseIntent } from "./phase-schemas";
import { savePhaseProgress, submitPhase } from "./phases.server";

export async function phaseApiAction(request: Request, idParam: string | undefined, phase: FormPhase): Promise<Response> {
  requireMethod(request, "POST");
  // The project is in the URL: the user, the project and the role are known before the body is read.
  const access = await requirePhaseProject(request, idParam);
  requirePermission(access, "createProjects");
  const body = await readBody(request);
  const intent = readPhaseIntent(body.intent, "submit");
  if (!intent) throw new AppError(400, 'intent must be "save" or "submit"');
  const values = parseApiPayload(PHASE_SCHEMAS[phase], body);
  const text = PHASE_TEXT[phase];
  if (intent === "save") {
    const { project } = await savePhaseProgress(access, phase, values);
    return json({ message: `${text.name} progress saved`, project: projectToJson(project) });
  }
  const { project, documentId } = await submitPhase(access, phase, values);
  return json({ message: text.completedMessage, project: projectToJson(project), ...(documentId ? { documentId } : {}) });
}
