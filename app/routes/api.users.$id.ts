import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import { UserUpdateSchema } from "~/modules/users/schemas";
import { USER_MESSAGES } from "~/modules/users/user-rules";
import { deleteUser, updateUser } from "~/modules/users/users.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** PATCH /api/users/{id} with `isActive` or `systemRole`; DELETE /api/users/{id}. Needs manageUsers; another client's user is 404. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "PATCH", "DELETE");
    if (request.method === "PATCH") {
      const body = await readBody(request);
      const user = await requireUser(request);
      return json({ message: USER_MESSAGES.updated, user: await updateUser(user, params.id, parseApiPayload(UserUpdateSchema, body)) });
    }
    const user = await requireUser(request);
    await deleteUser(user, params.id);
    return json({ message: USER_MESSAGES.deleted });
  });
