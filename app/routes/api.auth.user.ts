import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getCurrentUser } from "~/modules/access/current-user.server";

/** GET /api/auth/user: the signed-in user (docs/access.md#sign-in-and-sessions), or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return json({ message: "Unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return json(
    { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl, systemRole: user.role, clientId: user.clientId },
    { headers: { "Cache-Control": "no-store" } },
  );
}
