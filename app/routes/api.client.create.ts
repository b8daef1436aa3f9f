import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import { clientCreatedMessage, createClient } from "~/modules/billing/clients.server";
import { CreateClientSchema } from "~/modules/billing/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** POST /api/client/create { organizationName } (system admin): 201 { client, message }. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const user = await requireUser(request);
    const input = parseApiPayload(CreateClientSchema, body);
    const client = await createClient(user, input);
    return json({ client, message: clientCreatedMessage(client.name) }, { status: 201 });
  });
