import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { commitmentToJson } from "~/modules/commitments/commitment-json";
import { commitmentFormStrings, commitmentLinks, deleteCommitment, getCommitment, NOT_FOUND, updateCommitment } from "~/modules/commitments/commitment.server";
import { CommitmentFormSchema, type CommitmentInput } from "~/modules/commitments/schemas";
import { parseApiPayload } from "~/utils/api-payload";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/commitments/{id}[?projectId=]: 404 for another project's or client's commitment. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const c = await getCommitment(access, requireRecordId(params.id, NOT_FOUND));
    return json(commitmentToJson(c, await commitmentLinks(access, c.id), access.project));
  });
}

/**
 * PUT/PATCH /api/commitments/{id}: the form's fields (those omitted keep their values) plus projectId
 * and optionally the version last read (409 when no longer current). DELETE removes it (deleteData).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = requireRecordId(params.id, NOT_FOUND);
    if (request.method === "DELETE") {
      const access = await requireApiProject(request);
      await deleteCommitment(access, id);
      return json({ message: "Commitment deleted" });
    }
    requireMethod(request, "PUT", "PATCH", "DELETE");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const current = await commitmentFormStrings(access, await getCommitment(access, id));
    const input = parseApiPayload(CommitmentFormSchema, { ...current, version: null, ...body }) as CommitmentInput;
    const c = await updateCommitment(access, id, input);
    return json(commitmentToJson(c, await commitmentLinks(access, id), access.project));
  });
}
