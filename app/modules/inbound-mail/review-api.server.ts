/**
 * The Mail inbox's /api twins (docs/inbound-mail.md#review): the same reads as the screens, and accept
 * and reject with the page forms' schemas and the pipeline's functions (which check editData first).
 */
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { parseApiPayload } from "~/utils/api-payload";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";
import { MESSAGE_NOT_FOUND } from "./review-actions.server";
import { inboxMessageJson, inboxStatusOf, loadInboxRows } from "./review-page.server";
import { recordReviewedMessage, rejectReviewedMessage } from "./review.server";
import { ReviewAcceptSchema, ReviewRejectSchema } from "./schemas";

export async function apiListInbox(request: Request, access: ProjectAccess): Promise<Response> {
  const page = parseListPage(request, { maxLimit: 200 });
  const status = inboxStatusOf(new URL(request.url).searchParams.get("status"));
  const { rows, total } = await loadInboxRows(access, status, page);
  return listResponse(request, rows, total, page);
}

export async function apiInboxMessage(access: ProjectAccess, idParam: string | undefined) {
  return inboxMessageJson(access, requireRecordId(idParam, MESSAGE_NOT_FOUND));
}

export async function apiAcceptMessage(request: Request, idParam: string | undefined): Promise<Response> {
  requireMethod(request, "POST");
  const id = requireRecordId(idParam, MESSAGE_NOT_FOUND);
  const body = await readBody(request);
  const access = await requireApiProject(request, body);
  const input = parseApiPayload(ReviewAcceptSchema, { ...(body as object), inboundMessageId: id });
  await recordReviewedMessage(access, input);
  return json({ message: "Message recorded", inboundMessage: await inboxMessageJson(access, id) });
}

export async function apiRejectMessage(request: Request, idParam: string | undefined): Promise<Response> {
  requireMethod(request, "POST");
  const id = requireRecordId(idParam, MESSAGE_NOT_FOUND);
  const body = await readBody(request);
  const access = await requireApiProject(request, body);
  const input = parseApiPayload(ReviewRejectSchema, { inboundMessageId: id });
  await rejectReviewedMessage(access, input);
  return json({ message: "Message rejected" });
}
