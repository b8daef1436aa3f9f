import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiListDocuments, recordIdParam } from "~/modules/document/api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/properties/{id}/documents?projectId=: the property's documents (JSON array). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => apiListDocuments(request, { propertyId: recordIdParam(params.id) }));
