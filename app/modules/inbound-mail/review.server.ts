/**
 * The review inbox's reads and decisions (docs/inbound-mail.md#review). Every query is scoped to the
 * access's project; another project's message is 404.
 */
import { InboundMessage, type IInboundMessage } from "~db/entities/InboundMessage";
import type { InboundMessageStatus } from "~db/entities/enums";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlExecute, sqlOne } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { createStakeholder } from "~/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "~/modules/stakeholder/schemas";
import { AppError } from "~/utils/app-error";
import { reviewReasonText } from "./decide";
import { parseInbound } from "./parse.server";
import { DROP_CONTENT_SQL, memberByEmail, readRaw } from "./process.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { recordInboundMessage } from "./record.server";
import type { ReviewAcceptInput, ReviewRejectInput } from "./schemas";

export const INBOUND_NOT_FOUND = "Message not found";
export const NOT_IN_REVIEW = "This message is no longer waiting for review";

export interface InboundListRow {
  id: number;
  status: InboundMessageStatus;
  fromAddress: string | null;
  fromName: string | null;
  subject: string | null;
  sentAt: string | null;
  receivedAt: string;
  reviewReason: string | null;
  reviewReasonText: string | null;
  spf: string | null;
  dkim: string | null;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

function listRow(m: Pick<IInboundMessage, "id" | "status" | "fromAddress" | "fromName" | "subject" | "sentAt" | "createdAt" | "reviewReason" | "spf" | "dkim">): InboundListRow {
  return {
    id: m.id,
    status: m.status,
    fromAddress: m.fromAddress ?? null,
    fromName: m.fromName ?? null,
    subject: m.subject ?? null,
    sentAt: iso(m.sentAt),
    receivedAt: iso(m.createdAt)!,
    reviewReason: m.reviewReason ?? null,
    reviewReasonText: reviewReasonText(m.reviewReason),
    spf: m.spf ?? null,
    dkim: m.dkim ?? null,
  };
}

/** A page of the project's messages in one status (review by default), newest first. */
export async function listInboundMessages(access: ProjectAccess, { status = "review", limit = 25, offset = 0 }: { status?: InboundMessageStatus; limit?: number; offset?: number } = {}) {
  requirePermission(access, "viewData");
  const [rows, total] = await db().findAndCount(
    InboundMessage,
    { project: access.project.id, status },
    {
      fields: ["id", "status", "fromAddress", "fromName", "subject", "sentAt", "createdAt", "reviewReason", "spf", "dkim"],
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      limit,
      offset,
    },
  );
  return { rows: rows.map(listRow), total };
}

/** How many messages wait for review (the menu's and dashboard's count). */
export async function countInboundReview(access: ProjectAccess): Promise<number> {
  requirePermission(access, "viewData");
  return db().count(InboundMessage, { project: access.project.id, status: "review" });
}

async function findMessage(access: ProjectAccess, id: number): Promise<IInboundMessage> {
  const message = await db().findOne(InboundMessage, { id, project: access.project.id });
  if (!message) throw new AppError(404, INBOUND_NOT_FOUND);
  return message;
}

/** One message as the review screen shows it: plain text only, never the message's HTML. */
export async function getInboundMessage(access: ProjectAccess, id: number) {
  requirePermission(access, "viewData");
  const m = await findMessage(access, id);
  return {
    ...listRow(m),
    via: m.via,
    tag: m.tag ?? null,
    forwarded: m.forwarded,
    envelopeFrom: m.envelopeFrom ?? null,
    recipients: m.recipients ?? [],
    textBody: m.textBody ?? null,
    recorded: m.recorded ?? {},
    refusedAttachments: m.refusedAttachments ?? [],
    senderUserId: (m.senderUser as { id?: string } | null)?.id ?? null,
    reviewedAt: iso(m.reviewedAt),
  };
}

async function requireInReview(access: ProjectAccess, id: number) {
  const m = await findMessage(access, id);
  if (m.status !== "review") throw new AppError(409, NOT_IN_REVIEW, "NOT_IN_REVIEW");
  return m;
}

/**
 * Accepts a message from review: records it on the chosen stakeholder, or on a new one made here
 * (never by the pipeline itself), in the reviewer's name unless a member sent it. A failed check
 * or an unknown sender is the reviewer's to judge; the upload rules still apply to the attachments.
 */
export async function recordReviewedMessage(access: ProjectAccess, input: ReviewAcceptInput) {
  requirePermission(access, "editData");
  const message = await requireInReview(access, input.inboundMessageId);
  if (!message.rawKey) throw new AppError(409, NOT_IN_REVIEW, "NOT_IN_REVIEW");
  const parsed = await parseInbound(await readRaw(message.rawKey));
  return db().transactional(async () => {
    let stakeholder: { id: number; name: string };
    if ("stakeholderId" in input) {
      const row = await sqlOne<{ id: number; name: string }>("select id, name from stakeholder where id = ? and project_id = ?", [input.stakeholderId, access.project.id]);
      if (!row) throw new AppError(404, "Stakeholder not found");
      stakeholder = row;
    } else {
      const created = await createStakeholder(access, StakeholderSchema.parse({ name: input.newStakeholder.name, email: input.newStakeholder.email ?? message.fromAddress ?? undefined }));
      stakeholder = { id: created.id, name: created.name };
    }
    const sender = await memberByEmail(access.project, parsed.sender?.address);
    const recordAs = sender?.canRecord ? sender.access : access;
    const result = await recordInboundMessage({
      access: recordAs,
      inboundMessageId: message.id,
      parsed,
      stakeholders: [stakeholder],
      tag: message.tag ?? null,
      senderUserId: sender?.canRecord ? sender.access.user.id : null,
      staffNamed: null,
      reviewedBy: access.user.id,
      fromStatus: "review",
      // The sender of a reviewed message is not told: it may be anyone (docs/inbound-mail.md#confirmation-reply).
      confirmReply: false,
    });
    if (!result) throw new AppError(409, NOT_IN_REVIEW, "NOT_IN_REVIEW");
    return { stakeholderId: stakeholder.id, ...result };
  });
}

/** Rejects a message from review: its content and raw message are deleted, the row keeps its Message-ID. */
export async function rejectReviewedMessage(access: ProjectAccess, input: ReviewRejectInput) {
  requirePermission(access, "editData");
  const message = await requireInReview(access, input.inboundMessageId);
  await db().transactional(async (em) => {
    const changed = await sqlExecute(
      `update inbound_message set status = 'rejected', reviewed_by_id = ?, reviewed_at = now(), ${DROP_CONTENT_SQL}, updated_at = now() where id = ? and project_id = ? and status = 'review'`,
      [access.user.id, message.id, access.project.id],
    );
    if (!changed) throw new AppError(409, NOT_IN_REVIEW, "NOT_IN_REVIEW");
    recordAudit({
      userId: access.user.id,
      action: "inbound.rejected",
      entityType: "InboundMessage",
      entityId: message.id,
      clientId: refId(access.project.client),
      projectId: access.project.id,
      before: { fromAddress: message.fromAddress, subject: message.subject, reviewReason: message.reviewReason },
    });
    await em.flush();
  });
  if (message.rawKey) await getObjectStore().delete(message.rawKey);
}
