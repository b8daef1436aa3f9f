import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { listClients } from "~/modules/billing/clients.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/client/all[?limit=&offset=] (system admin): every client organisation, one page. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const page = parseListPage(request);
    const { clients, total } = await listClients(user, page);
    return listResponse(request, clients, total, page);
  });
