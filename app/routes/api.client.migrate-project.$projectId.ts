import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import { migrateProject } from "~/modules/billing/project-migration.server";
import { MigrateProjectSchema } from "~/modules/billing/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/client/migrate-project/{projectId} { targetClientId } (system admin): { message, ... }. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const user = await requireUser(request);
    const input = parseApiPayload(MigrateProjectSchema, { ...body, projectId: params.projectId });
    return json(await migrateProject(user, input.projectId, input.targetClientId));
  });
