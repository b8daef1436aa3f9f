import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { requireMethod } from "~/utils/http.server";
import { runDangerAction } from "./database-management.server";
import type { DangerAction } from "./danger-zone";

/**
 * DELETE /api/database/{action}?projectId= with `confirmation` in the body (docs/administration.md#danger-zone): the same
 * function as the page's Danger Zone. A wrong confirmation is 400 'Invalid Confirmation: ...'.
 */
export async function dangerApi(request: Request, action: DangerAction): Promise<Response> {
  requireMethod(request, "DELETE");
  const body = await readBody(request);
  const access = await requireApiProject(request, body);
  const result = await runDangerAction(access, action, body.confirmation);
  return json({ message: result.message, title: result.title, restorePointId: result.restorePointId });
}
