import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { databaseStats } from "~/modules/database-management/database-management.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/database/stats?projectId=: totalStakeholders, totalProperties, totalEngagements (the screen's roles). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(await databaseStats(access));
  });
