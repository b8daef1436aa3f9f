/**
 * Parts 2 and 3 of a project's form (docs/lifecycle.md#phases): reading the three parts' state, saving
 * a form's answers as work in progress, and submitting it. A submit completes the phase for good (who
 * and when on the project); submitting the closure also queues the notification to the departmental
 * addresses and saves the summary as a PDF in the project's documents, all in one transaction. Roles
 * that may create projects fill the phases of projects they can reach (createProjects); everyone
 * else who can open the project reads them.
 */
import { Readable } from "node:stream";
import { LockMode } from "@mikro-orm/core";
import { Document, Project, ProjectPhaseForm, User, type IProject } from "~db/entities/index";
import type { EntityManager } from "@mikro-orm/postgresql";
import { db } from "~db/orm";
import { refId } from "~db/entities/refs";
import { recordAudit } from "~/modules/audit/audit.server";
import { displayName } from "~/modules/access/current-user.server";
import { projectTimeZone, projectToday } from "~/modules/calendar/today";
import { MAX_FILE_BYTES } from "~/utils/upload-limits";
import { newObjectKey } from "~/modules/document/upload.server";
import { formSummaryMessage, getClosureNotifyEmails, queueMail } from "~/modules/mail/index.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { getObjectStore, StorageUnavailableError } from "~/modules/storage/index.server";
import { AppError } from "~/utils/app-error";
import { formatDateTime } from "~/utils/dates";
import { closureFileName, closureSummaryPdf, CLOSURE_DOCUMENT_CATEGORY, CLOSURE_DOCUMENT_TAGS } from "./closure-pdf.server";
import { FORM_TITLE, FORM_VERSION, PHASE_TEXT, phaseSummaryFields, type FormPhase, type PhaseValues } from "./phase-fields";

export interface PhaseState {
  status: string;
  completedAt: Date | null;
  completedBy: string | null;
  /** The answers saved or submitted so far; null before the first save. */
  values: PhaseValues | null;
  savedAt: Date | null;
  savedBy: string | null;
}

export interface ProjectPhases {
  startup: { status: "completed"; completedAt: Date | null; completedBy: string | null };
  planning: PhaseState;
  closure: PhaseState;
  /** Whether this user may fill in (save or submit) the phases of this project. */
  canFill: boolean;
  timeZone: string;
}

const STATUS_FIELD = { planning: "planningPhaseStatus", closure: "closurePhaseStatus" } as const;
const COMPLETED_AT = { planning: "planningCompletedAt", closure: "closureCompletedAt" } as const;
const COMPLETED_BY = { planning: "planningCompletedBy", closure: "closureCompletedBy" } as const;

export const alreadyCompletedMessage = (phase: FormPhase) => `${PHASE_TEXT[phase].name} is already completed and can no longer be changed.`;

export const canFillPhases = (access: ProjectAccess) => hasPermission(access.role, "createProjects");

/** The three parts of the project's form as the phases screens show them. Any role that can open the project reads them. */
export async function getProjectPhases(access: ProjectAccess): Promise<ProjectPhases> {
  const project = access.project;
  const forms = await db().find(ProjectPhaseForm, { project: project.id, phase: { $in: ["planning", "closure"] } }, { populate: ["submittedBy"] });
  const state = (phase: FormPhase): PhaseState => {
    const form = forms.find((f) => f.phase === phase);
    const savedBy = form?.submittedBy as { firstName?: string | null; lastName?: string | null; email?: string } | null | undefined;
    return {
      status: project[STATUS_FIELD[phase]],
      completedAt: project[COMPLETED_AT[phase]] ?? null,
      completedBy: project[COMPLETED_BY[phase]] ?? null,
      values: form ? (form.values as PhaseValues) : null,
      savedAt: form?.submittedAt ?? null,
      savedBy: savedBy?.email ? displayName({ firstName: savedBy.firstName ?? null, lastName: savedBy.lastName ?? null, email: savedBy.email }) : null,
    };
  };
  return {
    startup: { status: "completed", completedAt: project.startupCompletedAt ?? null, completedBy: project.startupCompletedBy ?? null },
    planning: state("planning"),
    closure: state("closure"),
    canFill: canFillPhases(access),
    timeZone: projectTimeZone(project.settings),
  };
}

export interface PhaseWriteResult {
  project: IProject;
  /** The closure notification (closure submit only). */
  mailId: number | null;
  /** The closure summary's document (closure submit only). */
  documentId: number | null;
}

/** Keeps the answers and marks the phase In Progress (a phase already completed is refused, 409). */
export function savePhaseProgress(access: ProjectAccess, phase: FormPhase, values: PhaseValues, now: Date = new Date()): Promise<PhaseWriteResult> {
  return writePhase(access, phase, values, "save", now);
}

/** Keeps the answers and completes the phase with who and when; the closure is also mailed and filed as a PDF. */
export function submitPhase(access: ProjectAccess, phase: FormPhase, values: PhaseValues, now: Date = new Date()): Promise<PhaseWriteResult> {
  return writePhase(access, phase, values, "submit", now);
}

async function writePhase(access: ProjectAccess, phase: FormPhase, values: PhaseValues, intent: "save" | "submit", now: Date): Promise<PhaseWriteResult> {
  requirePermission(access, "createProjects");
  const storedKeys: string[] = [];
  try {
    return await db().transactional(async (em) => {
      // Locked until commit: a second save or submit of this project waits here and then sees this one.
      const project = await em.findOne(Project, { id: access.project.id, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!project) throw new AppError(404, "Project ID not found", "INVALID_PROJECT");
      const before = project[STATUS_FIELD[phase]];
      if (before === "completed") throw new AppError(409, alreadyCompletedMessage(phase));
      const who = displayName(access.user);

      const form = await em.findOne(ProjectPhaseForm, { project: project.id, phase });
      const author = em.getReference(User, access.user.id);
      if (form) Object.assign(form, { values, submittedBy: author, submittedAt: now });
      else em.create(ProjectPhaseForm, { project, phase, values, submittedBy: author, submittedAt: now } as never);

      if (intent === "save") project[STATUS_FIELD[phase]] = "in-progress";
      else Object.assign(project, { [STATUS_FIELD[phase]]: "completed", [COMPLETED_AT[phase]]: now, [COMPLETED_BY[phase]]: who });
      await em.flush();
      const clientId = refId(project.client);
      recordAudit({
        userId: access.user.id,
        clientId,
        projectId: project.id,
        action: `project.${phase}.${intent === "save" ? "save" : "complete"}`,
        entityType: "Project",
        entityId: project.id,
        before: { status: before },
        after: { status: project[STATUS_FIELD[phase]], completedAt: project[COMPLETED_AT[phase]] ?? null, completedBy: project[COMPLETED_BY[phase]] ?? null },
      });

      let mailId: number | null = null;
      let documentId: number | null = null;
      if (phase === "closure" && intent === "submit") {
        const closure = { access, project, clientId, values, who, now, timeZone: projectTimeZone(project.settings) };
        const document = await fileClosureSummary(em, closure, storedKeys);
        documentId = document.id;
        mailId = (await queueClosureNotification(em, closure, document.fileName)).mailId;
      }
      await em.flush();
      return { project, mailId, documentId };
    });
  } catch (error) {
    // Nothing committed: no stored bytes may be left without their document row.
    for (const key of storedKeys) {
      await getObjectStore()
        .delete(key)
        .catch(() => undefined);
    }
    if (error instanceof StorageUnavailableError) throw new AppError(503, "The project folder could not be reached, so the closure was not saved. Please try again.");
    throw error;
  }
}

interface Closure {
  access: ProjectAccess;
  project: IProject;
  clientId: number;
  values: PhaseValues;
  who: string;
  now: Date;
  timeZone: string;
}

const clientNameOf = (access: ProjectAccess) => (access.project.client as { name?: string } | null)?.name ?? null;

/** The summary as a PDF in the project's documents: bytes in the object store, the row and its audit entry in the caller's transaction. */
async function fileClosureSummary(em: EntityManager, closure: Closure, storedKeys: string[]): Promise<{ id: number; fileName: string }> {
  const { access, project, now, timeZone } = closure;
  const bytes = await closureSummaryPdf({ projectName: project.name, clientName: clientNameOf(access), completedBy: closure.who, completedAt: now, timeZone, values: closure.values });
  const key = newObjectKey(project.id, "documents");
  storedKeys.push(key);
  // A system record of the project, so the client's storage limit does not stand in its way.
  await getObjectStore().put(key, Readable.from([bytes]), { contentType: "application/pdf", maxBytes: MAX_FILE_BYTES });
  const fileName = closureFileName(project.name, projectToday(timeZone, now));
  const description = `${FORM_TITLE}, part 3 (closure), completed by ${closure.who} on ${formatDateTime(now, timeZone)}.`;
  const document = em.create(Document, {
    project: project.id,
    uploadedBy: access.user.id,
    originalFileName: fileName,
    mimeType: "application/pdf",
    fileSize: bytes.length,
    storageKey: key,
    description,
    category: CLOSURE_DOCUMENT_CATEGORY,
    tags: [...CLOSURE_DOCUMENT_TAGS],
  } as never);
  await em.flush();
  recordAudit({
    userId: access.user.id,
    clientId: closure.clientId,
    projectId: project.id,
    action: "document.create",
    entityType: "Document",
    entityId: document.id,
    after: { originalFileName: fileName, fileSize: bytes.length, mimeType: "application/pdf", category: CLOSURE_DOCUMENT_CATEGORY, source: "project closure" },
  });
  return { id: document.id, fileName };
}

/** The closure notification to the departmental addresses (CLOSURE_NOTIFY_EMAILS), queued in the caller's transaction; once per project. */
function queueClosureNotification(em: EntityManager, closure: Closure, fileName: string) {
  const { access, project, who, now, timeZone } = closure;
  const clientName = clientNameOf(access);
  const summary = formSummaryMessage(
    `Project closure: ${project.name}`,
    [
      ["Project", project.name],
      ["Client", clientName],
      ["Completed by", who],
      ["Completed", formatDateTime(now, timeZone)],
      ["Form version", FORM_VERSION],
      ...phaseSummaryFields("closure", closure.values),
      ["Saved in the project's documents as", fileName],
    ],
    { intro: `${who} completed part 3 (closure) of the ${FORM_TITLE}${clientName ? ` for ${clientName}` : ""}.` },
  );
  return queueMail({ to: getClosureNotifyEmails(), ...summary }, { em, kind: "project-closure", dedupeKey: `project-closure:${project.id}` });
}
