import { hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { projectTimeZone, todayForProject } from "~/modules/calendar/today";
import type { GrievanceStage } from "~db/entities/enums";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { dueStatus } from "./due-dates";
import { grievanceFormChoices } from "./grievance-choices.server";
import { grievanceToJson } from "./grievance-json";
import { getGrievance, grievanceTimeline } from "./grievance.server";
import { grievanceFormStrings } from "./form-values";
import { forwardStages, isOpen } from "./stages";
import { loadGrievanceLinks } from "./grievance-links-page.server";

/**
 * Everything /grievances/{id} shows: the grievance with its due dates judged on the project's today,
 * its timeline, the stage moves it allows, and the edit form when `?edit=1` is open.
 */
export async function loadGrievancePage(access: ProjectAccess, idParam: string | undefined, url: URL) {
  const id = requireRecordId(idParam, "Grievance not found");
  const grievance = await getGrievance(access, id);
  const canEdit = hasPermission(access.role, "editData");
  const today = todayForProject(access.project);
  const timeZone = projectTimeZone(access.project.settings);
  const details = grievanceToJson(grievance);
  const stage = grievance.stage as GrievanceStage;
  let form = null;
  if (canEdit && url.searchParams.get("edit") === "1") {
    const values = grievanceFormStrings(grievance, timeZone);
    const find = (key: string) => (url.searchParams.get(key) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    form = { values, choices: await grievanceFormChoices(access, { who: find("who"), where: find("where") }, values) };
  }
  return {
    project: projectSummary(access),
    canEdit,
    timeZone,
    grievance: {
      ...details,
      propertyAddress: (grievance.property as { address?: string } | null)?.address ?? null,
      ownerName: grievance.owner ? [grievance.owner.firstName, grievance.owner.lastName].filter(Boolean).join(" ") || grievance.owner.email : null,
      ...dueStatus({ stage, acknowledgeBy: details.acknowledgeBy, resolveBy: details.resolveBy }, today),
    },
    moves: canEdit ? forwardStages(stage) : [],
    open: isOpen(stage),
    timeline: await grievanceTimeline(access, id),
    links: await loadGrievanceLinks(access, id, url, canEdit, today),
    form,
  };
}

export type GrievancePageData = Awaited<ReturnType<typeof loadGrievancePage>>;
