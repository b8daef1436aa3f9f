/**
 * The project's public grievance form switch (docs/records.md#public-grievance-form), on the grievance
 * clock page: turn it on (a new random token), issue a new address (the old one answers 404), turn it
 * off (the address answers 404). The token is kept in the project's settings JSON
 * (`grievanceFormToken`); whoever may save the grievance clock (createProjects) changes it, and every
 * change is audited without the token itself.
 */
import { LockMode } from "@mikro-orm/core";
import { Project } from "~db/entities/index";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { formTokenOf, newFormToken, publicFormPath } from "~/modules/grievances/public-intake-signing.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";
import { requestOrigin } from "~/utils/http.server";

export const PUBLIC_FORM_INTENTS = { on: "public-form-on", off: "public-form-off", renew: "public-form-new-address" } as const;
export type PublicFormChange = keyof typeof PUBLIC_FORM_INTENTS;

const AUDIT_ACTIONS: Record<PublicFormChange, string> = {
  on: "project.grievance_form.on",
  off: "project.grievance_form.off",
  renew: "project.grievance_form.new_address",
};

const FLASHES: Record<PublicFormChange, { title: string; description: string }> = {
  on: { title: "Public grievance form turned on", description: "Copy its address below and publish it where the community will find it." },
  off: { title: "Public grievance form turned off", description: "Its address now answers “page not found”." },
  renew: { title: "New address issued", description: "The old address now answers “page not found”. Publish the new one." },
};

export function publicFormChangeOf(intent: unknown): PublicFormChange | null {
  const entry = Object.entries(PUBLIC_FORM_INTENTS).find(([, value]) => value === intent);
  return entry ? (entry[0] as PublicFormChange) : null;
}

/** What the settings page shows: whether the form is on, and its full address for those who may change it. */
export function publicFormSetting(access: ProjectAccess, request: Request) {
  const token = formTokenOf(access.project.settings);
  const canEdit = hasPermission(access.role, "createProjects");
  return { enabled: token !== null, url: token && canEdit ? `${requestOrigin(request)}${publicFormPath(token)}` : null, canEdit };
}

/** Applies one change under the project's row lock; all or nothing, audited (enabled before and after, never the token). */
export async function changePublicForm(access: ProjectAccess, change: PublicFormChange): Promise<void> {
  requirePermission(access, "createProjects");
  await db().transactional(async (em) => {
    const project = await em.findOne(Project, { id: access.project.id, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!project) throw new AppError(404, "Project ID not found", "INVALID_PROJECT");
    const settings = (project.settings && typeof project.settings === "object" ? project.settings : {}) as Record<string, unknown>;
    const before = formTokenOf(settings);
    // Turning on keeps an address already in use; a new address replaces it.
    const token = change === "off" ? null : change === "on" && before ? before : newFormToken();
    const { grievanceFormToken: _dropped, ...rest } = settings;
    project.settings = (token ? { ...rest, grievanceFormToken: token } : rest) as typeof project.settings;
    await em.flush();
    recordAudit({
      userId: access.user.id,
      clientId: refId(project.client),
      projectId: project.id,
      action: AUDIT_ACTIONS[change],
      entityType: "Project",
      entityId: project.id,
      before: { publicGrievanceForm: before !== null },
      after: { publicGrievanceForm: token !== null, newAddress: token !== null && token !== before },
    });
  });
}

/** The page action's part for the three buttons: change, then back to the page with a flash. */
export async function publicFormAction(request: Request, access: ProjectAccess, change: PublicFormChange, backTo: string): Promise<Response> {
  await changePublicForm(access, change);
  return redirectWithFlash(request, backTo, { kind: "success", ...FLASHES[change] });
}
