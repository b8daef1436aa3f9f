import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiListDocuments, recordIdParam } from "~/modules/document/api.server";
import { handleApi } from "~/utils/http.server";

/** GET /api/properties/{id}/documents?projectId=: the property's documents (JSON array). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleApi(() => apiListDocuments(request, { propertyId: recordIdParam(params.id) }));
