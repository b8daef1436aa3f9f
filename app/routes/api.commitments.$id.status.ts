import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { commitmentToJson } from "~/modules/commitments/commitment-json";
import { changeCommitmentStatus, commitmentLinks, NOT_FOUND } from "~/modules/commitments/commitment.server";
import { CommitmentStatusSchema } from "~/modules/commitments/schemas";
import { parseApiPayload } from "~/utils/api-payload";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** POST /api/commitments/{id}/status: { transition: start|fulfil|cancel|reopen, evidenceNote, evidenceDocumentId, fulfilledOn, cancellationReason, version? }. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const id = requireRecordId(params.id, NOT_FOUND);
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const c = await changeCommitmentStatus(access, id, parseApiPayload(CommitmentStatusSchema, body));
    return json(commitmentToJson(c, await commitmentLinks(access, id), access.project));
  });
}
