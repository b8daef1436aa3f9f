/**
 * What the project phases screens show (docs/lifecycle.md#phases): the overview of the three parts at
 * /projects/{id}/phases, and one part's form at /projects/{id}/phases/{planning|closure}. Any role
 * that can open the project reads them; the form is offered only to roles that may fill it in
 * (createProjects), and only until the part is completed.
 */
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { asFailure } from "~/utils/failure.server";
import { defaultPhaseValues, type FormPhase } from "./phase-fields";
import { getProjectPhases, type PhaseState } from "./phases.server";

const stamp = (state: Pick<PhaseState, "status" | "completedAt" | "completedBy">) => ({
  status: state.status,
  completedAt: state.completedAt ? state.completedAt.toISOString() : null,
  completedBy: state.completedBy,
});

/** /projects/{id}/phases: each part's status and completion stamp. */
export async function loadPhasesOverview(access: ProjectAccess) {
  const phases = await getProjectPhases(access);
  return {
    project: projectSummary(access),
    startup: stamp(phases.startup),
    planning: { ...stamp(phases.planning), savedAt: phases.planning.savedAt?.toISOString() ?? null },
    closure: { ...stamp(phases.closure), savedAt: phases.closure.savedAt?.toISOString() ?? null },
    canFill: phases.canFill,
    timeZone: phases.timeZone,
  };
}

export type PhasesOverviewData = Awaited<ReturnType<typeof loadPhasesOverview>>;

/** /projects/{id}/phases/{phase}: the answers so far (every answer No before the first save), and whether they can be changed. */
export async function loadPhaseForm(access: ProjectAccess, phase: FormPhase) {
  const phases = await getProjectPhases(access);
  const state = phases[phase];
  return {
    project: projectSummary(access),
    phase,
    ...stamp(state),
    savedAt: state.savedAt?.toISOString() ?? null,
    savedBy: state.savedBy,
    values: { ...defaultPhaseValues(phase), ...(state.values ?? {}) },
    canFill: phases.canFill,
    editable: phases.canFill && state.status !== "completed",
    timeZone: phases.timeZone,
  };
}

export type PhaseFormData = Awaited<ReturnType<typeof loadPhaseForm>>;

export const LOAD_FAILED_MESSAGE = "Error loading project details. Please try again.";

/** A phases screen that could not be loaded: the message it shows in place of the page (with status 500). */
export interface PhasesLoadFailure {
  loadError: string;
}

/**
 * A phases screen's data, or, when loading it fails (a failed statement, a bug), the screen's own
 * "Error loading project details. Please try again." to show on the page instead of the error page.
 * A refusal (invalid id, "Project ID not found", 403) and the database being away keep their answer
 * (docs/lifecycle.md#phases).
 */
export async function loadPhasesScreen<T>(load: () => Promise<T>): Promise<T | PhasesLoadFailure> {
  try {
    return await load();
  } catch (error) {
    const failure = asFailure(error, LOAD_FAILED_MESSAGE, { component: "project-lifecycle", code: "LOAD_FAILED" });
    if (failure instanceof AppError && failure.code === "LOAD_FAILED") return { loadError: failure.message };
    throw failure;
  }
}
