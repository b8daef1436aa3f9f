import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import { publicBaseUrl } from "~/modules/users/base-url.server";
import { InviteSchema } from "~/modules/users/schemas";
import { USER_MESSAGES } from "~/modules/users/user-rules";
import { inviteUser } from "~/modules/users/invitations.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/users/invite: email, role (default viewer), projectIds, and clientId for a system admin. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const user = await requireUser(request);
    const invitation = await inviteUser(user, parseApiPayload(InviteSchema, body), { baseUrl: publicBaseUrl(request) });
    return json({ message: USER_MESSAGES.invited, invitation }, { status: 201 });
  });
