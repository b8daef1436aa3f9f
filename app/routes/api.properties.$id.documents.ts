import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiListDocuments } from "~/modules/document/api.server";
import { getProperty } from "~/modules/property/property.server";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/properties/{id}/documents?projectId=: the property's documents (JSON array). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(() => {
    const propertyId = requireRecordId(params.id, "Property not found");
    return apiListDocuments(request, { record: { propertyId }, requireRecord: (access) => getProperty(access, propertyId) });
  });
