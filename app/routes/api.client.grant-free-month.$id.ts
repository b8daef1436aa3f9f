import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { grantFreeMonth } from "~/modules/billing/clients.server";
import { ClientIdSchema } from "~/modules/billing/schemas";
import { AppError } from "~/utils/app-error";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/client/grant-free-month/{clientId} (system admin): { expiresAt, message }. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const user = await requireUser(request);
    const id = ClientIdSchema.safeParse(params.id);
    if (!id.success) throw new AppError(404, "Client not found");
    const granted = await grantFreeMonth(user, id.data);
    return json({ expiresAt: granted.expiresAt.toISOString(), message: granted.message });
  });
