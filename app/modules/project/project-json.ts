import type { IProject } from "~db/entities/Project";

/** The /api shape of a project: the spec's field names plus the current-project aliases. */
export function projectToJson(project: IProject) {
  const client = project.client as { id: number; name?: string };
  return {
    id: project.id,
    projectId: project.id,
    name: project.name,
    projectName: project.name,
    description: project.description ?? null,
    clientId: Number(client.id),
    clientName: client.name ?? null,
    isActive: project.isActive,
    planningPhaseStatus: project.planningPhaseStatus,
    closurePhaseStatus: project.closurePhaseStatus,
    startupCompletedAt: project.startupCompletedAt ?? null,
    startupCompletedBy: project.startupCompletedBy ?? null,
    planningCompletedAt: project.planningCompletedAt ?? null,
    planningCompletedBy: project.planningCompletedBy ?? null,
    closureCompletedAt: project.closureCompletedAt ?? null,
    closureCompletedBy: project.closureCompletedBy ?? null,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}
