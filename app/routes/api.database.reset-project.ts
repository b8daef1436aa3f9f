import type { ActionFunctionArgs } from "@remix-run/node";
import { dangerApi } from "~/modules/database-management/api.server";
import { handleAppErrors } from "~/utils/http.server";

/** DELETE /api/database/reset-project?projectId= (body: confirmation), system_admin and client_owner only. */
export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => dangerApi(request, "reset-project"));
