import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { exportProjectDatabase } from "~/modules/database-export/database-export.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/database/export?projectId=: the project's SQL dump, streamed as project_{id}_database_export.sql. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return exportProjectDatabase(access, request); // system_admin, client_owner and director only
  });
