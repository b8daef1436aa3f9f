import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { switchToSystemAdmin } from "~/modules/billing/system-admin-switch.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/auth/switch-to-system-admin (no body): only users listed in SYSTEM_ADMIN_EMAILS; 403 otherwise. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const user = await requireUser(request);
    return json(await switchToSystemAdmin(user));
  });
