import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { getSubscription } from "~/modules/billing/clients.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/client/subscription: the client owner's plan and usage (docs/administration.md#subscription). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(await getSubscription(user));
  });
