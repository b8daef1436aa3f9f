import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inboundSettingsApiAction, inboundSettingsApiLoader } from "~/modules/inbound-mail/settings-page.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/projects/{id}/inbound-mail: the project's inbound address and settings (docs/inbound-mail.md#project-settings). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => inboundSettingsApiLoader(request, params.id));

/** PUT /api/projects/{id}/inbound-mail: saves the allow and block lists and the confirmation reply with the page form's schema. */
export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => inboundSettingsApiAction(request, params.id));
