import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { listUsers } from "~/modules/users/users.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/users: the client's users (a system admin: every client's, or `?clientId=`), one page (X-Total-Count, Link). Needs manageUsers. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const page = parseListPage(request);
    const clientId = parseRecordId(new URL(request.url).searchParams.get("clientId"));
    const { users, total } = await listUsers(user, { clientId, ...page });
    return listResponse(request, users, total, page);
  });
