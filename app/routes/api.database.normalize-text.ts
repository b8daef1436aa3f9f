import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { applyNormalisation } from "~/modules/database-management/normalise.server";
import { NormalizeSchema } from "~/modules/database-management/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/database/normalize-text {projectId, dataType}: { message, records, values } (deleteData). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(NormalizeSchema, body);
    return json(await applyNormalisation(access, input.dataType));
  });
