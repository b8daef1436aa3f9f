/**
 * The project's inbound e-mail settings screen and its /api twin (docs/inbound-mail.md#project-settings):
 * the address any member may read, and the allow and block lists and confirmation reply that
 * updateInboundSettings saves (it checks the permission first). The page action and
 * PUT /api/projects/{id}/inbound-mail validate with the same schema and call the same function.
 */
import { json } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { readBody } from "~/modules/access/api-request.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { requirePhaseProject } from "~/modules/project-lifecycle/phase-access.server";
import { parseApiPayload } from "~/utils/api-payload";
import { errorResponse, requireMethod } from "~/utils/http.server";
import { validateForm } from "~/utils/validation.server";
import { INBOUND_SETTINGS_FORM_ID } from "./form-ids";
import { InboundSettingsSchema } from "./schemas";
import { getInboundSettings, projectInboundAddress, updateInboundSettings } from "./settings.server";

export const inboundSettingsUrl = (projectId: number) => `/projects/${projectId}/phases/inbound-mail`;
export const INBOUND_SETTINGS_SAVED = "Inbound e-mail settings saved";
export const INBOUND_SETTINGS_FAILED = "Failed to save the inbound e-mail settings. Please try again.";

const validator = withZod(InboundSettingsSchema);

/** What the screen shows: the address (made on first need), the settings in force and whether this role may change them. */
export async function loadInboundSettingsPage(access: ProjectAccess) {
  const [address, settings] = [await projectInboundAddress(access), await getInboundSettings(access)];
  return { project: projectSummary(access), address, settings, canEdit: hasPermission(access.role, "manageMembers") };
}

export type InboundSettingsPageData = Awaited<ReturnType<typeof loadInboundSettingsPage>>;

/** POST /projects/{id}/phases/inbound-mail: saves and comes back with a flash; a bad domain re-renders the form with it named. */
export async function inboundSettingsAction(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await requirePhaseProject(request, idParam);
  const formData = await request.formData();
  const { data, response } = await validateForm(formData, validator, INBOUND_SETTINGS_FORM_ID);
  if (response) return response;
  const submitted = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
  try {
    await updateInboundSettings(access, data);
    return redirectWithFlash(request, inboundSettingsUrl(access.project.id), { kind: "success", title: INBOUND_SETTINGS_SAVED });
  } catch (error) {
    return errorResponse(error, { form: "summary", failures: true, formId: INBOUND_SETTINGS_FORM_ID, values: submitted, failure: INBOUND_SETTINGS_FAILED });
  }
}

const settingsJson = async (access: ProjectAccess) => ({ ...(await projectInboundAddress(access)), ...(await getInboundSettings(access)) });

/** GET /api/projects/{id}/inbound-mail: the address and the settings; any member may read them. */
export async function inboundSettingsApiLoader(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await requirePhaseProject(request, idParam);
  return json({ inboundMail: await settingsJson(access) });
}

/** PUT /api/projects/{id}/inbound-mail: the form's fields as JSON (lists or one domain a line) or a form. */
export async function inboundSettingsApiAction(request: Request, idParam: string | undefined): Promise<Response> {
  requireMethod(request, "PUT");
  const access = await requirePhaseProject(request, idParam);
  const body = await readBody(request);
  const input = parseApiPayload(InboundSettingsSchema, body);
  await updateInboundSettings(access, input);
  return json({ message: INBOUND_SETTINGS_SAVED, inboundMail: await settingsJson(access) });
}
