import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiListDocuments } from "~/modules/document/api.server";
import { getStakeholder } from "~/modules/stakeholder/stakeholder.server";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/stakeholders/{id}/documents?projectId=: the stakeholder's documents (JSON array). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(() => {
    const stakeholderId = requireRecordId(params.id, "Stakeholder not found");
    return apiListDocuments(request, { record: { stakeholderId }, requireRecord: (access) => getStakeholder(access, stakeholderId) });
  });
