import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiListDocuments, recordIdParam } from "~/modules/document/api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/stakeholders/{id}/documents?projectId=: the stakeholder's documents (JSON array). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => apiListDocuments(request, { stakeholderId: recordIdParam(params.id) }));
