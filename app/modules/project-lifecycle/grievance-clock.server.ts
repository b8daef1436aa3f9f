/**
 * A project's grievance clock settings (docs/records.md#grievance-clock-settings): read for the form, and
 * saved into the project's settings JSON by whoever may fill in the project's phases (createProjects,
 * the same roles that set up the project and its settings). The page action and the /api twin both
 * call saveGrievanceClock, so they check the same permission and write the same way.
 */
import { json } from "@remix-run/node";
import { LockMode } from "@mikro-orm/core";
import { Project } from "~db/entities/index";
import { db } from "~db/orm";
import { refId } from "~db/entities/refs";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { readBody } from "~/modules/access/api-request.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { defaultJurisdiction, JURISDICTION_LABELS, JURISDICTIONS, projectClockSettings, type ClockSettings } from "~/modules/calendar/grievance-clock-settings";
import { hasPermission } from "~/modules/permissions/permissions";
import { parseApiPayload } from "~/utils/api-payload";
import { AppError } from "~/utils/app-error";
import { errorResponse, requireMethod } from "~/utils/http.server";
import { validateForm } from "~/utils/validation.server";
import { requirePhaseProject } from "./phase-access.server";
import { publicFormAction, publicFormChangeOf, publicFormSetting } from "./grievance-form-setting.server";
import { GRIEVANCE_CLOCK_FORM_ID, grievanceClockValidator, GrievanceClockSchema, type GrievanceClockInput } from "./grievance-clock-schema";

export const grievanceClockUrl = (projectId: number) => `/projects/${projectId}/phases/grievance-clock`;
export const GRIEVANCE_CLOCK_SAVED = "Grievance clock saved";
export const GRIEVANCE_CLOCK_FAILED = "Failed to save the grievance clock. Please try again.";

const clockJson = (clock: ClockSettings) => ({
  jurisdiction: clock.jurisdiction,
  jurisdictionLabel: JURISDICTION_LABELS[clock.jurisdiction],
  acknowledgeDays: clock.acknowledgeDays,
  resolveDays: clock.resolveDays,
  timeZone: clock.timeZone,
});

/** What the form shows: the values in force (defaults until saved) and whether this role may change them. */
export function loadGrievanceClockPage(access: ProjectAccess, request: Request) {
  const clock = projectClockSettings(access.project.settings);
  return {
    publicForm: publicFormSetting(access, request),
    project: projectSummary(access),
    clock: clockJson(clock),
    defaultJurisdiction: defaultJurisdiction(clock.timeZone),
    jurisdictions: JURISDICTIONS.map((value) => ({ value, label: JURISDICTION_LABELS[value] })),
    canEdit: hasPermission(access.role, "createProjects"),
  };
}

export type GrievanceClockPageData = ReturnType<typeof loadGrievanceClockPage>;

/** Keeps the three values in the project's settings (other settings untouched), audited; all or nothing. */
export async function saveGrievanceClock(access: ProjectAccess, input: GrievanceClockInput): Promise<ClockSettings> {
  requirePermission(access, "createProjects");
  return db().transactional(async (em) => {
    const project = await em.findOne(Project, { id: access.project.id, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!project) throw new AppError(404, "Project ID not found", "INVALID_PROJECT");
    const settings = (project.settings && typeof project.settings === "object" ? project.settings : {}) as Record<string, unknown>;
    const before = projectClockSettings(settings);
    project.settings = { ...settings, ...input } as typeof project.settings;
    await em.flush();
    const after = projectClockSettings(project.settings);
    recordAudit({
      userId: access.user.id,
      clientId: refId(project.client),
      projectId: project.id,
      action: "project.grievance_clock.update",
      entityType: "Project",
      entityId: project.id,
      before: { jurisdiction: before.jurisdiction, acknowledgeDays: before.acknowledgeDays, resolveDays: before.resolveDays },
      after: { jurisdiction: after.jurisdiction, acknowledgeDays: after.acknowledgeDays, resolveDays: after.resolveDays },
    });
    return after;
  });
}

/** POST /projects/{id}/phases/grievance-clock: saves and comes back to the form with a flash; errors re-render it. */
export async function grievanceClockAction(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await requirePhaseProject(request, idParam);
  requirePermission(access, "createProjects");
  const formData = await request.formData();
  // The public grievance form's buttons post here too (docs/records.md#public-grievance-form).
  const publicFormChange = publicFormChangeOf(formData.get("intent"));
  if (publicFormChange) return publicFormAction(request, access, publicFormChange, grievanceClockUrl(access.project.id));
  const { data, response } = await validateForm(formData, grievanceClockValidator, GRIEVANCE_CLOCK_FORM_ID);
  if (response) return response;
  const submitted = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
  try {
    const clock = await saveGrievanceClock(access, data);
    return redirectWithFlash(request, grievanceClockUrl(access.project.id), {
      kind: "success",
      title: GRIEVANCE_CLOCK_SAVED,
      description: `${JURISDICTION_LABELS[clock.jurisdiction]}: acknowledge within ${clock.acknowledgeDays} and resolve within ${clock.resolveDays} business days.`,
    });
  } catch (error) {
    return errorResponse(error, { form: "summary", failures: true, formId: GRIEVANCE_CLOCK_FORM_ID, values: submitted, failure: GRIEVANCE_CLOCK_FAILED });
  }
}

/** PUT /api/projects/{id}/grievance-clock: the form's three values as JSON or a form; answers the clock in force. */
export async function grievanceClockApiAction(request: Request, idParam: string | undefined): Promise<Response> {
  requireMethod(request, "PUT");
  const access = await requirePhaseProject(request, idParam);
  requirePermission(access, "createProjects");
  const body = await readBody(request);
  const input = parseApiPayload(GrievanceClockSchema, body);
  const clock = await saveGrievanceClock(access, input);
  return json({ message: GRIEVANCE_CLOCK_SAVED, grievanceClock: clockJson(clock) });
}

/** GET /api/projects/{id}/grievance-clock: the clock in force (defaults until saved); any member may read it. */
export async function grievanceClockApiLoader(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await requirePhaseProject(request, idParam);
  return json({ grievanceClock: clockJson(projectClockSettings(access.project.settings)) });
}
