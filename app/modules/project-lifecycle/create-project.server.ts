/**
 * Creating a project from the start-up form (`POST /api/projects`, docs/lifecycle.md#new-project). One
 * transaction: the client's row is locked so two creations cannot both slip under the plan's limit;
 * the project, the creator's membership, part 1 recorded as completed (the form's values, what a PDF
 * filled in, who and when), an audit row, and the start-up notification to the departmental
 * addresses, queued to be sent once this commits. The /projects/new action and the /api route both
 * call `createProject`.
 */
import { LockMode } from "@mikro-orm/core";
import { Client, Project, ProjectMembership, ProjectPhaseForm } from "~db/entities/index";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { type CurrentUser, displayName } from "~/modules/access/current-user.server";
import { refuse } from "~/modules/access/refuse.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { projectLimitMessage } from "~/modules/billing/plan-limits";
import { formSummaryMessage, getStartupNotifyEmails, queueMail } from "~/modules/mail/index.server";
import { projectToJson } from "~/modules/project/project-json";
import { AppError } from "~/utils/app-error";
import type { StartupFormValues } from "./schemas";
import { startupSummary } from "./startup-summary";
import type { ExtractedField } from "./startup-text";

export const PROJECT_CREATED_MESSAGE = "Project created with secure isolated database";
export const CREATE_FAILED_MESSAGE = "Failed to create project";
export const CHOOSE_CLIENT_MESSAGE = "Choose the client organisation the project belongs to";
/** The AppError code of a refusal by the plan's project limit (the screen links it to /subscription). */
export const PLAN_LIMIT_CODE = "PLAN_LIMIT";

export interface CreateProjectOptions {
  /** A system admin belongs to no client and names one; anyone else creates in their own client. */
  clientId?: number | null;
  /** What a start-up PDF filled in, kept as evidence beside the submitted values. */
  extractedFields?: ExtractedField[] | null;
  now?: Date;
}

/** docs/lifecycle.md#new-project: the description is the client name and the lead business unit. */
export function projectDescription(values: Pick<StartupFormValues, "clientName" | "leadBusinessUnit">): string {
  return `${values.clientName} · ${values.leadBusinessUnit}`;
}

export async function createProject(user: CurrentUser, values: StartupFormValues, options: CreateProjectOptions = {}) {
  requireSystemPermission(user, "createProjects", { message: "You do not have permission to create projects", entityType: "Project", entityId: "new" });
  const clientId = user.role === "system_admin" ? (options.clientId ?? null) : user.clientId;
  if (clientId === null) throw new AppError(400, CHOOSE_CLIENT_MESSAGE, "INVALID_CLIENT");
  const now = options.now ?? new Date();
  const creator = displayName(user);

  return db().transactional(async (em) => {
    // Locked until commit: a second creation for this client waits here, then counts this one.
    const client = await em.findOne(Client, { id: clientId, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!client) throw new AppError(user.role === "system_admin" ? 400 : 404, user.role === "system_admin" ? CHOOSE_CLIENT_MESSAGE : "Client not found", "INVALID_CLIENT");
    const activeProjects = await em.count(Project, { client: client.id, isActive: true });
    const refusal = projectLimitMessage(client, activeProjects, now);
    if (refusal) throw refuse(user, { status: 403, reason: "plan limit: projects per client", entityType: "Client", entityId: client.id, message: refusal, code: PLAN_LIMIT_CODE, actionable: true });

    const project = em.create(Project, {
      name: values.projectTitle,
      description: projectDescription(values),
      client,
      owner: user.id,
      isActive: true,
      settings: { ...values.settings },
      startupCompletedAt: now,
      startupCompletedBy: creator,
      planningPhaseStatus: "pending",
      closurePhaseStatus: "pending",
    } as never);
    em.create(ProjectMembership, { user: user.id, project, role: user.role, isActive: true, canCreateProjects: true } as never);
    em.create(ProjectPhaseForm, {
      project,
      phase: "startup",
      values: { ...values, completedBy: creator, completedAt: now.toISOString() },
      extractedFields: options.extractedFields?.length ? options.extractedFields : null,
      submittedBy: user.id,
      submittedAt: now,
    } as never);
    await em.flush();
    recordAudit({ userId: user.id, clientId: client.id, projectId: project.id, entityType: "Project", entityId: project.id, action: "project.create", before: null, after: projectToJson(project) });

    const summary = formSummaryMessage(`Project start-up: ${values.projectTitle}`, startupSummary(values), {
      intro: `${creator} completed part 1 (start-up) of the Project Start Up, Planning and Closure Form for ${client.name}.`,
    });
    await queueMail({ to: getStartupNotifyEmails(), ...summary }, { em, kind: "project-startup", dedupeKey: `project-startup:${project.id}` });
    return project;
  });
}
