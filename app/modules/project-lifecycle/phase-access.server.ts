import { type ProjectAccess, requireProjectAccess } from "~/modules/access/project-access.server";
import { requireUser } from "~/modules/access/current-user.server";
import { AppError } from "~/utils/app-error";
import { parseRecordId } from "~/utils/record-id";

export const INVALID_PROJECT_ID_MESSAGE = "Invalid project ID";
export const PROJECT_NOT_FOUND_MESSAGE = "Project ID not found";

/**
 * The project named by the phases URLs' `{id}` (docs/lifecycle.md#phases): a missing or malformed id is
 * "Invalid project ID" (400); an unknown project, or another client's, "Project ID not found" (404,
 * the same answer for both); a project the user is not a member of 403. The signed-in user is
 * required before anything is said about the id.
 */
export async function requirePhaseProject(request: Request, idParam: string | undefined): Promise<ProjectAccess> {
  await requireUser(request);
  const id = parseRecordId(idParam);
  if (id === null) throw new AppError(400, INVALID_PROJECT_ID_MESSAGE, "INVALID_PROJECT");
  try {
    return await requireProjectAccess(request, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new AppError(404, PROJECT_NOT_FOUND_MESSAGE, "INVALID_PROJECT");
    throw error;
  }
}
