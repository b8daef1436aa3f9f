import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { openRestorePoint } from "~/modules/database-management/restore-points.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /database-management/restore-points/{id}: one restore point's SQL file (client_owner and system_admin of its client). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return openRestorePoint(user, params.id, request);
  });
